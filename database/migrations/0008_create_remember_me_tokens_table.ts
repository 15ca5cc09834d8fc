import { BaseSchema } from '@adonisjs/lucid/schema'

// "Se souvenir de moi" tokens of the session guard (hash only; rotated at every use)
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('remember_me_tokens', (table) => {
      table.increments('id')
      table
        .integer('tokenable_id')
        .notNullable()
        .unsigned()
        .references('id')
        .inTable('users')
        .onDelete('CASCADE')
      table.string('hash').notNullable().unique()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
      table.timestamp('expires_at', { useTz: true }).notNullable()
    })
  }

  async down() {
    this.schema.dropTable('remember_me_tokens')
  }
}
