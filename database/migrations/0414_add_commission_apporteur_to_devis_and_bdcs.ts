import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * The partner's commission rate on a devis made from his offre (decision 187): the société's
 * partner discount frozen at conversion, carried to the bdc at acceptance. NULL: no commission
 * (a devis made by hand, or before issue 10).
 */
const TABLES = ['devis', 'bdcs']

export default class extends BaseSchema {
  async up() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.decimal('commission_apporteur_pct', 5, 2).nullable()
      })
      this.schema.raw(
        `ALTER TABLE ${name} ADD CONSTRAINT ${name}_commission_apporteur_pct_check
         CHECK (commission_apporteur_pct IS NULL OR commission_apporteur_pct BETWEEN 0 AND 100)`
      )
    }
  }

  async down() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.dropColumn('commission_apporteur_pct')
      })
    }
  }
}
