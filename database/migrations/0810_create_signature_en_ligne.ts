import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 14 §1 — the customer signs a devis online (decisions 490–499):
 * - devis.public_id: the random id of the customer's signed link (128 bits, never the serial
 *   id), like factures.public_id; devis.motif_refus: the reason the customer (or staff) gave.
 * - bdcs.lieu_signature gains 'distance' (a contract concluded online: its own 14-day period).
 * - signature_preuves: the evidence record of each online signature, kept with its bdc.
 */
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('devis', (table) => {
      table.uuid('public_id').notNullable().unique().defaultTo(this.raw('gen_random_uuid()'))
      table.text('motif_refus').nullable()
    })
    this.schema.raw('ALTER TABLE bdcs DROP CONSTRAINT IF EXISTS bdcs_lieu_signature_check')
    this.schema.raw(`ALTER TABLE bdcs ADD CONSTRAINT bdcs_lieu_signature_check
      CHECK (lieu_signature IN ('etablissement', 'domicile', 'distance'))`)
    this.schema.createTable('signature_preuves', (table) => {
      table.increments('id')
      table.integer('bdc_id').notNullable().unique().references('id').inTable('bdcs')
      table.integer('devis_id').notNullable().references('id').inTable('devis')
      table.integer('devis_revision').notNullable()
      /** SHA-256 (hex) of document_canonique, the canonical JSON of what the customer accepted. */
      table.string('document_sha256', 64).notNullable()
      table.text('document_canonique').notNullable()
      table.timestamp('signe_le', { useTz: true }).notNullable()
      table.string('ip', 64).nullable()
      table.string('user_agent', 500).nullable()
      table.string('signataire', 160).notNullable()
      table.string('mention', 60).notNullable()
      table.boolean('consentement').notNullable()
      /** The optional lines as the customer left them: [{ position, designation, retenue }]. */
      table.jsonb('options').notNullable().defaultTo('[]')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.index(['devis_id'])
    })
    this.schema.raw(`ALTER TABLE signature_preuves ADD CONSTRAINT signature_preuves_sha_check
      CHECK (document_sha256 ~ '^[0-9a-f]{64}$')`)
  }

  async down() {
    this.schema.dropTable('signature_preuves')
    this.schema.raw('ALTER TABLE bdcs DROP CONSTRAINT IF EXISTS bdcs_lieu_signature_check')
    this.schema.raw(`ALTER TABLE bdcs ADD CONSTRAINT bdcs_lieu_signature_check
      CHECK (lieu_signature IN ('etablissement', 'domicile'))`)
    this.schema.alterTable('devis', (table) => {
      table.dropColumn('public_id')
      table.dropColumn('motif_refus')
    })
  }
}
