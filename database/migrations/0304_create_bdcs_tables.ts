import { BaseSchema } from '@adonisjs/lucid/schema'
import { ligneChecks, ligneColumns, totalColumns } from '#database/helpers/lignes'

/*
 * Bons de commande (DESIGN.md §2, §3b): created, numbered, when a devis is accepted, with a
 * frozen copy of its lines and totals (bdc_lignes never change). Signing records who, when,
 * where (a signature at the customer's home starts the 14-day withdrawal period) and the
 * signature itself (drawn PNG or uploaded scan, stored privately), and creates the commande.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('bdcs', (table) => {
      table.increments('id')
      table.string('numero', 40).notNullable().unique()
      table
        .integer('devis_id')
        .notNullable()
        .unique()
        .references('id')
        .inTable('devis')
        .onDelete('RESTRICT')
      table.smallint('devis_revision').notNullable()
      table
        .bigInteger('client_id')
        .notNullable()
        .references('id_client')
        .inTable('clients')
        .onDelete('RESTRICT')
      table.string('client_nom', 300).notNullable().defaultTo('')
      table
        .integer('commercial_id')
        .nullable()
        .references('id')
        .inTable('users')
        .onDelete('SET NULL')
      table.string('objet', 200).notNullable()
      table.string('adresse_chantier', 300).nullable()
      totalColumns(table)
      table.decimal('acompte_pct', 5, 2).notNullable().defaultTo(30)
      table.bigInteger('acompte').notNullable().defaultTo(0)
      table.enum('statut', ['a_signer', 'signe', 'annule']).notNullable().defaultTo('a_signer')
      table.integer('lock_version').notNullable().defaultTo(1)
      table.timestamp('signe_le', { useTz: true }).nullable()
      table.string('signataire', 160).nullable()
      table.enum('lieu_signature', ['etablissement', 'domicile']).nullable()
      table.enum('signature_type', ['dessin', 'scan']).nullable()
      table.string('signature_path').nullable()
      table.string('signature_mime', 40).nullable()
      /** Signed at home: the customer expressly waived the withdrawal period (DESIGN.md §3b). */
      table.boolean('renonciation_retractation').notNullable().defaultTo(false)
      table.date('fin_retractation').nullable()
      table.text('motif_annulation').nullable()
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['statut', 'id'])
      table.index(['client_id', 'id'])
      table.index(['commercial_id', 'id'])
      table.index(['created_at', 'id'])
    })
    this.schema.createTable('bdc_lignes', (table) => {
      ligneColumns(table, 'bdc_id', 'bdcs')
    })
    this.schema.raw(ligneChecks('bdc_lignes'))
  }

  async down() {
    this.schema.dropTable('bdc_lignes')
    this.schema.dropTable('bdcs')
  }
}
