import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 12 §6: a supplier order late against its confirmed date is told to the chef de projet
 * once (decision 363): the day it was told is kept; a new confirmed date clears it.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('commandes_fournisseur', (table) => {
      table.date('retard_notifie_le').nullable()
    })
  }

  async down() {
    this.schema.alterTable('commandes_fournisseur', (table) => {
      table.dropColumn('retard_notifie_le')
    })
  }
}
