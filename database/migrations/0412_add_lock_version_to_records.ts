import { BaseSchema } from '@adonisjs/lucid/schema'

/**
 * Optimistic lock on the records two people may edit at once (issue 10): contacts, sociétés,
 * clients and produits carry the version the form saw, like the documents (decision 80).
 */
const TABLES = ['contacts', 'societes', 'clients', 'produits']

export default class extends BaseSchema {
  async up() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.integer('lock_version').notNullable().defaultTo(1)
      })
    }
  }

  async down() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.dropColumn('lock_version')
      })
    }
  }
}
