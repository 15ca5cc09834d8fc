import { BaseSchema } from '@adonisjs/lucid/schema'

/*
 * Contacts of the pro sociétés (DESIGN.md §2). `recherche` is a stored, unaccented, lower-cased
 * copy of the searchable fields with a trigram index, so `?q=` stays indexed at any volume.
 * Deleting a société deletes its contacts (the confirmation says so); that the société is a pro
 * one is checked by the validators (a CHECK cannot look into another table).
 */
export default class extends BaseSchema {
  protected tableName = 'contacts'

  async up() {
    this.schema.createTable(this.tableName, (table) => {
      table.increments('id')
      table
        .integer('societe_id')
        .notNullable()
        .references('id')
        .inTable('societes')
        .onDelete('CASCADE')
      table.string('nom', 100).notNullable()
      table.string('prenom', 100).nullable()
      table.string('email', 254).nullable()
      table.string('telephone', 40).nullable()
      table.string('adresse', 200).nullable()
      table.string('code_postal', 10).nullable()
      table.string('localite', 80).nullable()
      table.text('notes').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['societe_id'])
    })
    this.schema.raw(
      `ALTER TABLE contacts ADD COLUMN recherche text GENERATED ALWAYS AS (f_unaccent(lower(nom || ' ' || coalesce(prenom, '') || ' ' || coalesce(email, '') || ' ' || coalesce(telephone, '') || ' ' || coalesce(localite, '')))) STORED`
    )
    this.schema.raw(
      'CREATE INDEX contacts_recherche_trgm ON contacts USING gin (recherche gin_trgm_ops)'
    )
    this.schema.raw(
      "CREATE INDEX contacts_nom_sort ON contacts ((f_unaccent(lower(nom))), (f_unaccent(lower(coalesce(prenom, '')))), id)"
    )
  }

  async down() {
    this.schema.dropTable(this.tableName)
  }
}
