import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Gapless numbering (DESIGN.md §3, reference B1): one counter row per series and year, locked
 * with SELECT … FOR UPDATE inside the transaction that issues the document, so a rollback gives
 * the number back and two issuers never get the same one. A PostgreSQL SEQUENCE would leave gaps.
 * `serie` is DEV, BDC, CMD, DP, or OFF:<societe id> (each pro société numbers its own offres).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('document_counters', (table) => {
      table.string('serie', 40).notNullable()
      table.smallint('annee').notNullable()
      table.integer('dernier').notNullable().defaultTo(0)
      table.primary(['serie', 'annee'])
    })
  }

  async down() {
    this.schema.dropTable('document_counters')
  }
}
