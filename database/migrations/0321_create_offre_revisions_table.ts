import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 10: like a devis (decision 80), editing a sent offre keeps its number and makes a new
 * version: the one the contact received is frozen here, readable (PDF) from then on.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('offres', (table) => {
      table.smallint('revision').notNullable().defaultTo(1)
    })
    this.schema.createTable('offre_revisions', (table) => {
      table.increments('id')
      table.integer('offre_id').notNullable().references('id').inTable('offres').onDelete('CASCADE')
      table.smallint('revision').notNullable()
      /** The whole offre as it was sent (header, lines, totals, parties): read-only. */
      table.jsonb('snapshot').notNullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['offre_id', 'revision'])
    })
  }

  async down() {
    this.schema.dropTable('offre_revisions')
    this.schema.alterTable('offres', (table) => {
      table.dropColumn('revision')
    })
  }
}
