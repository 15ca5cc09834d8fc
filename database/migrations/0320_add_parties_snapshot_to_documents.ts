import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Issue 10: what a document printed about its parties (our company, the client or contact) is
 * frozen when it is issued — a bdc at its creation, a devis when sent, an offre when sent or
 * transmitted. NULL = a draft (or a row issued before this column): the live data is printed.
 * The shape is PartiesSnapshot (app/services/pdf/document_parts.ts).
 */
const TABLES = ['bdcs', 'devis', 'offres'] as const

export default class extends BaseSchema {
  async up() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.jsonb('parties_snapshot').nullable()
      })
    }
  }

  async down() {
    for (const name of TABLES) {
      this.schema.alterTable(name, (table) => {
        table.dropColumn('parties_snapshot')
      })
    }
  }
}
