import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Demandes de paiement (DESIGN.md §2): for a bdc acompte (later a facture). The customer opens
 * it without an account through a signed link built on `public_id` (random, 128 bits, never the
 * serial id) that expires at `lien_expire_le`. communication is a unique Belgian structured
 * communication derived from the id.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('demandes_paiement', (table) => {
      table.increments('id')
      table.string('numero', 40).notNullable().unique()
      table.uuid('public_id').notNullable().unique()
      table.integer('bdc_id').nullable().references('id').inTable('bdcs').onDelete('RESTRICT')
      table
        .bigInteger('client_id')
        .notNullable()
        .references('id_client')
        .inTable('clients')
        .onDelete('RESTRICT')
      table.string('objet', 200).notNullable()
      table.bigInteger('montant').notNullable()
      table.string('beneficiaire', 70).notNullable()
      table.string('iban', 34).notNullable()
      table.string('bic', 11).nullable()
      table.string('communication', 20).notNullable().unique()
      table.enum('statut', ['envoyee', 'payee', 'annulee']).notNullable().defaultTo('envoyee')
      table.string('email', 254).nullable()
      table.timestamp('envoyee_le', { useTz: true }).nullable()
      table.timestamp('lien_expire_le', { useTz: true }).notNullable()
      table.timestamp('payee_le', { useTz: true }).nullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['bdc_id'])
      table.index(['statut', 'id'])
    })
    this.schema.raw(`ALTER TABLE demandes_paiement
      ADD CONSTRAINT demandes_paiement_montant_check CHECK (montant > 0)`)
  }

  async down() {
    this.schema.dropTable('demandes_paiement')
  }
}
