import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Bank import (issue 11 §3): the statements uploaded (CAMT.053 or CODA) and their lines. A line
 * is unique per account by its key (decision 194): importing the same file, or a statement that
 * overlaps an earlier one, inserts nothing new (ON CONFLICT DO NOTHING under that index, which
 * also makes two simultaneous uploads of one file import each line once). A matched line points
 * at the payment it created; the CHECK keeps statut and payment in step.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('releves_bancaires', (table) => {
      table.increments('id')
      table.string('fichier_nom', 255).notNullable()
      table.string('fichier_sha256', 64).notNullable()
      table.enum('format', ['camt053', 'coda']).notNullable()
      table.string('compte_iban', 34).notNullable()
      table.string('releve_ref', 140).nullable()
      table.date('date_debut').nullable()
      table.date('date_fin').nullable()
      table.bigInteger('solde_initial').nullable()
      table.bigInteger('solde_final').nullable()
      // What the upload found: lines in the file, already imported before, matched at once
      table.integer('lignes_fichier').notNullable()
      table.integer('lignes_deja_importees').notNullable()
      table.integer('rapprochees_auto').notNullable()
      table.integer('imported_by').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['created_at', 'id'])
      table.index(['fichier_sha256'])
    })

    this.schema.createTable('releve_lignes', (table) => {
      table.increments('id')
      table
        .integer('releve_id')
        .notNullable()
        .references('id')
        .inTable('releves_bancaires')
        .onDelete('RESTRICT')
      table.string('compte_iban', 34).notNullable()
      table.text('cle').notNullable()
      table.string('reference_banque', 140).nullable()
      table.date('date_operation').notNullable()
      table.date('date_valeur').nullable()
      table.bigInteger('montant').notNullable()
      table.string('devise', 3).notNullable()
      table.string('contrepartie_nom', 140).nullable()
      table.string('contrepartie_iban', 34).nullable()
      table.string('contrepartie_bic', 11).nullable()
      table.string('communication', 500).nullable()
      table.string('communication_structuree', 20).nullable()
      table
        .enum('statut', ['rapprochee_auto', 'rapprochee_manuelle', 'a_rapprocher', 'ignoree'])
        .notNullable()
        .defaultTo('a_rapprocher')
      table.enum('rapprochement', ['communication', 'montant_nom']).nullable()
      table
        .integer('paiement_id')
        .nullable()
        .unique()
        .references('id')
        .inTable('paiements')
        .onDelete('RESTRICT')
      table.integer('traitee_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('traitee_le', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.unique(['compte_iban', 'cle'])
      table.index(['releve_id', 'id'])
      table.index(['statut', 'id'])
    })
    this.schema.raw(`ALTER TABLE releve_lignes ADD CONSTRAINT releve_lignes_paiement_check CHECK (
      (statut IN ('rapprochee_auto', 'rapprochee_manuelle')) = (paiement_id IS NOT NULL))`)
  }

  async down() {
    this.schema.dropTable('releve_lignes')
    this.schema.dropTable('releves_bancaires')
  }
}
