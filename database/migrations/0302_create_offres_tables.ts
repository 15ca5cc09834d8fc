import { BaseSchema } from '@adonisjs/lucid/schema'
import { ligneChecks, ligneColumns, totalColumns } from '#database/helpers/lignes'

/*
 * Offres (DESIGN.md §2): a pro société's quote for one of its contacts, at its partner prices.
 * Once transmise, esi may turn it into a devis (devis_id is then set).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('offres', (table) => {
      table.increments('id')
      // Each pro société numbers its own offres (series OFF:<societe id>): unique per société
      table.string('numero', 40).nullable()
      table
        .integer('societe_id')
        .notNullable()
        .references('id')
        .inTable('societes')
        .onDelete('CASCADE')
      table
        .integer('contact_id')
        .notNullable()
        .references('id')
        .inTable('contacts')
        .onDelete('RESTRICT')
      table.integer('auteur_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.integer('lock_version').notNullable().defaultTo(1)
      table.date('date_offre').notNullable()
      table.date('valable_jusqu_au').notNullable()
      table.string('objet', 200).notNullable()
      table.string('adresse_chantier', 300).nullable()
      table.text('intro').nullable()
      table.text('conditions').nullable()
      totalColumns(table)
      table
        .enum('statut', ['brouillon', 'envoyee', 'transmise', 'acceptee', 'refusee'])
        .notNullable()
        .defaultTo('brouillon')
      table.timestamp('envoyee_le', { useTz: true }).nullable()
      table.timestamp('transmise_le', { useTz: true }).nullable()
      table.integer('devis_id').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['societe_id', 'numero'])
      table.index(['societe_id', 'id'])
      table.index(['statut', 'id'])
      table.index(['contact_id'])
    })
    this.schema.createTable('offre_lignes', (table) => {
      ligneColumns(table, 'offre_id', 'offres')
    })
    this.schema.raw(ligneChecks('offre_lignes'))
  }

  async down() {
    this.schema.dropTable('offre_lignes')
    this.schema.dropTable('offres')
  }
}
