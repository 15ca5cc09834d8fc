import { BaseSchema } from '@adonisjs/lucid/schema'
import { ligneChecks, ligneColumns, totalColumns } from '#database/helpers/lignes'
import { dropFreezeSql, freezeSql, type FreezeSpec } from '#database/helpers/freeze'

/*
 * Factures (issue 11, DESIGN.md §2–§3): a draft has no number and may change or go; issuing
 * gives it FAC-YYYY-NNNNN, its date, due date and structured communication, and freezes it.
 * The freeze is the database’s (decision 205), not only the model's: a trigger refuses any
 * change of an issued facture's content (only statut, montant_paye, lock_version and
 * updated_at may still move, as payments and credit notes come), its deletion, and any write
 * to its lines, with SQLSTATE ZF001 (FROZEN_SQLSTATE, mapped to a French 422 by the handler).
 */

/** Issued factures and their lines are frozen by the database (statut and amounts still move). */
const FACTURES_FREEZE: FreezeSpec = {
  table: 'factures',
  label: 'La facture',
  mutable: ['statut', 'montant_paye', 'lock_version', 'updated_at'],
  lines: { table: 'facture_lignes', fk: 'facture_id' },
}
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('factures', (table) => {
      table.increments('id')
      table.string('numero', 40).nullable().unique()
      table.enum('type', ['acompte', 'intermediaire', 'solde', 'libre']).notNullable()
      table
        .integer('commande_id')
        .nullable()
        .references('id')
        .inTable('commandes')
        .onDelete('RESTRICT')
      table.integer('bdc_id').nullable().references('id').inTable('bdcs').onDelete('RESTRICT')
      table
        .integer('demande_paiement_id')
        .nullable()
        .references('id')
        .inTable('demandes_paiement')
        .onDelete('RESTRICT')
      table
        .bigInteger('client_id')
        .notNullable()
        .references('id_client')
        .inTable('clients')
        .onDelete('RESTRICT')
      table.string('client_nom', 300).notNullable().defaultTo('')
      table.date('date_facture').nullable()
      table.date('echeance').nullable()
      table.string('objet', 200).notNullable()
      table.string('adresse_chantier', 300).nullable()
      totalColumns(table)
      table.string('communication', 20).nullable().unique()
      table
        .enum('statut', ['brouillon', 'emise', 'partiellement_payee', 'payee', 'annulee'])
        .notNullable()
        .defaultTo('brouillon')
      table.bigInteger('montant_paye').notNullable().defaultTo(0)
      table.jsonb('parties_snapshot').nullable()
      table.timestamp('emise_le', { useTz: true }).nullable()
      table.integer('lock_version').notNullable().defaultTo(1)
      table.integer('created_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['statut', 'id'])
      table.index(['type', 'id'])
      table.index(['client_id', 'id'])
      table.index(['created_at', 'id'])
      table.index(['bdc_id'])
      table.index(['commande_id'])
    })
    this.schema.raw(`ALTER TABLE factures
      ADD CONSTRAINT factures_numero_statut_check CHECK ((numero IS NULL) = (statut = 'brouillon')),
      ADD CONSTRAINT factures_emise_check CHECK (numero IS NULL OR
        (date_facture IS NOT NULL AND echeance IS NOT NULL AND communication IS NOT NULL
         AND emise_le IS NOT NULL AND parties_snapshot IS NOT NULL)),
      ADD CONSTRAINT factures_montant_paye_check CHECK (montant_paye >= 0)`)
    // One acompte facture for a bdc's own acompte (a later one per demande de paiement carries
    // its demande): the service checks first, under the bdc's row lock; this is the last wall
    this.schema.raw(`CREATE UNIQUE INDEX factures_acompte_bdc_unique ON factures (bdc_id)
      WHERE type = 'acompte' AND demande_paiement_id IS NULL AND statut <> 'annulee'`)

    this.schema.createTable('facture_lignes', (table) => {
      ligneColumns(table, 'facture_id', 'factures')
    })
    this.schema.raw(ligneChecks('facture_lignes'))

    for (const sql of freezeSql(FACTURES_FREEZE)) this.schema.raw(sql)
  }

  async down() {
    this.schema.dropTable('facture_lignes')
    this.schema.dropTable('factures')
    for (const sql of dropFreezeSql(FACTURES_FREEZE)) this.schema.raw(sql)
  }
}
