import { BaseSchema } from '@adonisjs/lucid/schema'

/** A pro partner's discount on the catalogue prices (its "partner prices", issue 5). */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('societes', (table) => {
      table.decimal('remise_partenaire_pct', 5, 2).notNullable().defaultTo(0)
    })
    this.schema.raw(`ALTER TABLE societes ADD CONSTRAINT societes_remise_partenaire_check
      CHECK (remise_partenaire_pct >= 0 AND remise_partenaire_pct <= 100)`)
  }

  async down() {
    this.schema.alterTable('societes', (table) => {
      table.dropColumn('remise_partenaire_pct')
    })
  }
}
