import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 12 §2, the measurement sheet (decisions 330–349):
 * - societes.tolerance_mesure_mm: the esi société's tolerance (± mm) under which a measured
 *   dimension is not a difference from the devis (default 10, 0 to 100).
 * - mesures.ecarts: the sheet's own differences found at validation (a quoted item removed from
 *   the sheet), next to each row's ecarts.
 * - mesure_lignes_supprimees: the client_uuid of every row deleted from a sheet, so an offline
 *   re-send of an older state never brings a deleted row back (idempotent sync).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE societes
      ADD COLUMN IF NOT EXISTS tolerance_mesure_mm smallint NOT NULL DEFAULT 10`)
    this.schema.raw(
      `ALTER TABLE societes DROP CONSTRAINT IF EXISTS societes_tolerance_mesure_check`
    )
    this.schema.raw(`ALTER TABLE societes ADD CONSTRAINT societes_tolerance_mesure_check
      CHECK (tolerance_mesure_mm BETWEEN 0 AND 100)`)
    this.schema.raw(`ALTER TABLE mesures
      ADD COLUMN IF NOT EXISTS ecarts jsonb NOT NULL DEFAULT '[]'`)
    this.schema.raw(`CREATE TABLE IF NOT EXISTS mesure_lignes_supprimees (
      client_uuid uuid PRIMARY KEY,
      mesure_id integer NOT NULL REFERENCES mesures(id) ON DELETE CASCADE,
      supprimee_le timestamptz NOT NULL DEFAULT now()
    )`)
  }

  async down() {
    this.schema.raw('DROP TABLE IF EXISTS mesure_lignes_supprimees')
    this.schema.raw('ALTER TABLE mesures DROP COLUMN IF EXISTS ecarts')
    this.schema.raw('ALTER TABLE societes DROP COLUMN IF EXISTS tolerance_mesure_mm')
  }
}
