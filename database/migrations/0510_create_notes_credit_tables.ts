import { BaseSchema } from '@adonisjs/lucid/schema'
import { ligneChecks, ligneColumns, totalColumns } from '#database/helpers/lignes'
import { dropFreezeSql, freezeSql, type FreezeSpec } from '#database/helpers/freeze'

/*
 * Notes de crédit (issue 11 §2): a draft has no number and may go; issuing gives it
 * NC-YYYY-NNNNN and freezes it like a facture (migration 0500): a trigger refuses any change of
 * an issued NC (only lock_version and updated_at may move), its deletion and any write to its
 * lines, with SQLSTATE ZF001. A line remembers the facture line it credits (null for an amount
 * per VAT rate), so what stays creditable per line is a sum.
 */

/** An issued note de crédit and its lines never change (only its version). */
const NOTES_CREDIT_FREEZE: FreezeSpec = {
  table: 'notes_credit',
  label: 'La note de crédit',
  mutable: ['lock_version', 'updated_at'],
  lines: { table: 'note_credit_lignes', fk: 'note_credit_id' },
}
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notes_credit', (table) => {
      table.increments('id')
      table.string('numero', 40).nullable().unique()
      table
        .integer('facture_id')
        .notNullable()
        .references('id')
        .inTable('factures')
        .onDelete('RESTRICT')
      table
        .bigInteger('client_id')
        .notNullable()
        .references('id_client')
        .inTable('clients')
        .onDelete('RESTRICT')
      table.string('client_nom', 300).notNullable().defaultTo('')
      table.enum('kind', ['total', 'lignes', 'montant']).notNullable()
      table.date('date_nc').nullable()
      table.text('motif').notNullable()
      totalColumns(table)
      table.enum('statut', ['brouillon', 'emise']).notNullable().defaultTo('brouillon')
      table.jsonb('parties_snapshot').nullable()
      table.timestamp('emise_le', { useTz: true }).nullable()
      table.integer('lock_version').notNullable().defaultTo(1)
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['facture_id'])
      table.index(['client_id', 'id'])
      table.index(['statut', 'id'])
      table.index(['created_at', 'id'])
    })
    this.schema.raw(`ALTER TABLE notes_credit
      ADD CONSTRAINT notes_credit_numero_statut_check CHECK ((numero IS NULL) = (statut = 'brouillon')),
      ADD CONSTRAINT notes_credit_emise_check CHECK (numero IS NULL OR
        (date_nc IS NOT NULL AND emise_le IS NOT NULL AND parties_snapshot IS NOT NULL)),
      ADD CONSTRAINT notes_credit_motif_check CHECK (length(btrim(motif)) > 0),
      ADD CONSTRAINT notes_credit_total_check CHECK (total_ttc >= 0)`)

    this.schema.createTable('note_credit_lignes', (table) => {
      ligneColumns(table, 'note_credit_id', 'notes_credit')
      table
        .bigInteger('facture_ligne_id')
        .nullable()
        .references('id')
        .inTable('facture_lignes')
        .onDelete('RESTRICT')
      table.index(['facture_ligne_id'])
    })
    this.schema.raw(ligneChecks('note_credit_lignes'))

    for (const sql of freezeSql(NOTES_CREDIT_FREEZE)) this.schema.raw(sql)
  }

  async down() {
    this.schema.dropTable('note_credit_lignes')
    this.schema.dropTable('notes_credit')
    for (const sql of dropFreezeSql(NOTES_CREDIT_FREEZE)) this.schema.raw(sql)
  }
}
