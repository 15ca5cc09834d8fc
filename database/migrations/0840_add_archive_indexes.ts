import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 14 §4 (decisions 520–521): the archive lists the finished and cancelled commandes, newest
 * end first, and searches them by number, client, objet (the commandes' stored `recherche`) and
 * the site address of their bdc. The end is the day it was finished or cancelled; the partial
 * index walks only archived rows in that order. The address search has its trigram index on the
 * very expression the list's query uses (app/services/commandes/archive_list.ts).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commandes_archive_fin_idx
      ON commandes ((COALESCE(terminee_le, annulee_le, updated_at)), id)
      WHERE statut IN ('terminee', 'annulee')`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS bdcs_adresse_chantier_trgm
      ON bdcs USING gin ((f_unaccent(lower(COALESCE(adresse_chantier, '')))) gin_trgm_ops)`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS commandes_archive_fin_idx')
    this.schema.raw('DROP INDEX IF EXISTS bdcs_adresse_chantier_trgm')
  }
}
