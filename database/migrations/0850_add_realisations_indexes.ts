import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 14 §4, réalisations: commande_fichiers already has `publique` (issue 12 made the
 * column for this page). The gallery (/esi/realisation) and the public portfolio (/realisations)
 * list the photos newest taken first (the upload time when the EXIF had no date): two partial
 * indexes in that order, the portfolio's holding only the public photos.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commande_fichiers_galerie_idx
      ON commande_fichiers ((COALESCE(prise_le, created_at)) DESC, id DESC)
      WHERE kind = 'photo'`)
    this.schema.raw(`CREATE INDEX IF NOT EXISTS commande_fichiers_portfolio_idx
      ON commande_fichiers ((COALESCE(prise_le, created_at)) DESC, id DESC)
      WHERE kind = 'photo' AND publique`)
  }

  async down() {
    this.schema.raw('DROP INDEX IF EXISTS commande_fichiers_portfolio_idx')
    this.schema.raw('DROP INDEX IF EXISTS commande_fichiers_galerie_idx')
  }
}
