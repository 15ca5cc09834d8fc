import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 14 §1: optional lines of a devis (« option »). `optionnel` is set by staff in the editor;
 * `retenue` says whether the option counts in the totals: staff propose it ticked or not, and
 * the customer ticks or unticks it on the public page before accepting. A line that is not an
 * option is always counted (retenue stays true).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.raw(`ALTER TABLE devis_lignes
      ADD COLUMN IF NOT EXISTS optionnel boolean NOT NULL DEFAULT false,
      ADD COLUMN IF NOT EXISTS retenue boolean NOT NULL DEFAULT true`)
    this.schema.raw('ALTER TABLE devis_lignes DROP CONSTRAINT IF EXISTS devis_lignes_option_check')
    // Only a produit line can be an option; a line that is no option is always counted
    this.schema.raw(`ALTER TABLE devis_lignes ADD CONSTRAINT devis_lignes_option_check
      CHECK ((NOT optionnel AND retenue) OR (optionnel AND type = 'produit'))`)
  }

  async down() {
    this.schema.raw('ALTER TABLE devis_lignes DROP CONSTRAINT IF EXISTS devis_lignes_option_check')
    this.schema.raw('ALTER TABLE devis_lignes DROP COLUMN IF EXISTS optionnel')
    this.schema.raw('ALTER TABLE devis_lignes DROP COLUMN IF EXISTS retenue')
  }
}
