import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Peppol sendings (issue 11 §5, decision 279): one row per attempt to hand an issued facture's
 * UBL to the configured access point — which adapter, who, when, the result and the access
 * point's message id. At most one row `en_cours` or `envoye` per facture (a partial unique
 * index): a second send is refused, never silent; a failed attempt stays as `echec`.
 * `note_credit_id` is there for the notes de crédit' UBL when it comes (exactly one of the two).
 */
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('peppol_envois', (table) => {
      table.increments('id')
      table
        .integer('facture_id')
        .nullable()
        .references('id')
        .inTable('factures')
        .onDelete('RESTRICT')
      table
        .integer('note_credit_id')
        .nullable()
        .references('id')
        .inTable('notes_credit')
        .onDelete('RESTRICT')
      table.string('adapter', 20).notNullable()
      table.enum('statut', ['en_cours', 'envoye', 'echec']).notNullable()
      table.string('message_id', 200).nullable()
      table.text('erreur').nullable()
      table.integer('envoye_par').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.timestamp('envoye_le', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['facture_id'])
    })
    this.schema.raw(`ALTER TABLE peppol_envois ADD CONSTRAINT peppol_envois_document_check
      CHECK ((facture_id IS NULL) <> (note_credit_id IS NULL))`)
    this.schema.raw(`CREATE UNIQUE INDEX peppol_envois_facture_unique ON peppol_envois (facture_id)
      WHERE facture_id IS NOT NULL AND statut IN ('en_cours', 'envoye')`)
    this.schema.raw(`CREATE UNIQUE INDEX peppol_envois_nc_unique ON peppol_envois (note_credit_id)
      WHERE note_credit_id IS NOT NULL AND statut IN ('en_cours', 'envoye')`)
  }

  async down() {
    this.schema.dropTable('peppol_envois')
  }
}
