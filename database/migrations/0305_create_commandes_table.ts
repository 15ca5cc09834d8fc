import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Commandes (DESIGN.md §2): created, numbered, when a bdc is signed. Its steps (mesurage,
 * production, fourniture, pose) come with the next issue; here the header that they build on.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('commandes', (table) => {
      table.increments('id')
      table.string('numero', 40).notNullable().unique()
      table
        .integer('bdc_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('bdcs')
        .onDelete('RESTRICT')
      table
        .bigInteger('client_id')
        .notNullable()
        .references('id_client')
        .inTable('clients')
        .onDelete('RESTRICT')
      table.string('client_nom', 300).notNullable().defaultTo('')
      table
        .integer('chef_projet_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('objet', 200).notNullable()
      table.bigInteger('total_ttc').notNullable().defaultTo(0)
      table
        .enum('statut', ['en_attente', 'en_cours', 'terminee', 'annulee'])
        .notNullable()
        .defaultTo('en_attente')
      /** End of the withdrawal period when the bdc was signed at the customer's home. */
      table.date('fin_retractation').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['statut', 'id'])
      table.index(['client_id', 'id'])
    })
  }

  async down() {
    this.schema.dropTable('commandes')
  }
}
