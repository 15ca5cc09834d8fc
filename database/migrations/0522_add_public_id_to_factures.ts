/*
 * The customer's link to an issued facture (issue 11 §1, decision 234): a signed URL on a random
 * public id (128 bits, never the serial id), like the demande de paiement's. Every facture gets
 * one by default (drafts too: the id means nothing until the facture is issued and linked);
 * the freeze trigger ignores it as it never changes.
 */
import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('factures', (table) => {
      table.uuid('public_id').notNullable().unique().defaultTo(this.raw('gen_random_uuid()'))
    })
  }

  async down() {
    this.schema.alterTable('factures', (table) => {
      table.dropColumn('public_id')
    })
  }
}
