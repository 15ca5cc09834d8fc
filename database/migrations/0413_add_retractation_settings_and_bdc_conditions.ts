import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Issue 10 §4: the esi société says whether a payment may be asked during the withdrawal period
 * of a contract signed at the customer's home (Belgium: yes; France, C. conso L221-10: not in the
 * first 7 days), and a bdc carries its own conditions (the devis's spoke of the devis's validity).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('societes', (table) => {
      table.string('acompte_pendant_retractation', 20).notNullable().defaultTo('autorise')
    })
    this.schema.raw(`ALTER TABLE societes ADD CONSTRAINT societes_acompte_pendant_retractation_check
      CHECK (acompte_pendant_retractation IN ('autorise', 'interdit_7_jours'))`)
    this.schema.alterTable('bdcs', (table) => {
      // As written (placeholders included), filled when printed, like the devis's texts
      table.text('conditions').nullable()
    })
  }

  async down() {
    this.schema.alterTable('bdcs', (table) => {
      table.dropColumn('conditions')
    })
    this.schema.alterTable('societes', (table) => {
      table.dropColumn('acompte_pendant_retractation')
    })
  }
}
