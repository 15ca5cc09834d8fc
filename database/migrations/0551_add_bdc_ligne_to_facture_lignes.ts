/*
 * A facture intermédiaire « lignes choisies » (issue 11): each of its lines remembers the bdc line
 * it invoices, so what stays to invoice per bdc line is a sum (the service checks it under the
 * bdc's row lock). Null for every other line (acompte, %, solde, free factures).
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('facture_lignes', (table) => {
      table
        .bigInteger('bdc_ligne_id')
        .nullable()
        .references('id')
        .inTable('bdc_lignes')
        .onDelete('RESTRICT')
      table.index(['bdc_ligne_id'])
    })
  }

  async down() {
    this.schema.alterTable('facture_lignes', (table) => {
      table.dropColumn('bdc_ligne_id')
    })
  }
}
