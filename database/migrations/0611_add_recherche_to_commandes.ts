import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 12 §6: the commandes' word search reads a stored column with a trigram index, like the
 * factures' (migration 0503): measured by `npm run bench` (« Commandes, recherche ») at 20 000
 * commandes, the expression computed row by row took 0.7 s.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE commandes ADD COLUMN IF NOT EXISTS recherche text
      GENERATED ALWAYS AS (f_unaccent(lower(numero || ' ' || client_nom || ' ' || objet))) STORED`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commandes_recherche_trgm
      ON commandes USING gin (recherche gin_trgm_ops)`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS commandes_recherche_trgm')
    this.schema.raw('ALTER TABLE commandes DROP COLUMN IF EXISTS recherche')
  }
}
