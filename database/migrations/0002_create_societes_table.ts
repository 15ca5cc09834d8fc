import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('societes', (table) => {
      table.increments('id')
      table.string('nom', 160).notNullable()
      table.enum('type', ['esi', 'pro', 'client', 'fournisseur']).notNullable()
      table.string('forme_juridique', 40).nullable()
      table.string('numero_tva', 20).nullable()
      table.string('rpm', 80).nullable()
      table.string('adresse', 200).nullable()
      table.string('code_postal', 10).nullable()
      table.string('localite', 80).nullable()
      table.string('pays', 2).notNullable().defaultTo('BE')
      table.string('email', 254).nullable()
      table.string('telephone', 40).nullable()
      table.string('iban', 34).nullable()
      table.string('bic', 11).nullable()
      table.string('logo_path').nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.index(['type'])
    })

    this.schema.createTable('societe_user', (table) => {
      table.increments('id')
      table
        .integer('societe_id')
        .notNullable()
        .references('id')
        .inTable('societes')
        .onDelete('CASCADE')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.enum('role', ['admin', 'membre']).notNullable().defaultTo('membre')
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.unique(['societe_id', 'user_id'])
      table.index(['user_id'])
    })
  }

  async down() {
    this.schema.dropTable('societe_user')
    this.schema.dropTable('societes')
  }
}
