/*
 * Per-client payment term (issue 11): « délai de paiement (jours) », 0 to 120, NULL = the
 * company's default (ECHEANCE_JOURS_DEFAUT, 30). Read when a facture is issued (its due date).
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('clients', (table) => {
      table.smallint('delai_paiement_jours').nullable()
    })
    this.schema.raw(`ALTER TABLE clients ADD CONSTRAINT clients_delai_paiement_check
      CHECK (delai_paiement_jours BETWEEN 0 AND 120)`)
  }

  async down() {
    this.schema.alterTable('clients', (table) => {
      table.dropColumn('delai_paiement_jours')
    })
  }
}
