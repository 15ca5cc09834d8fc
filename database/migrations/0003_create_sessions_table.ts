import { BaseSchema } from '@adonisjs/lucid/schema'

// Server-side session store (SESSION_DRIVER=database): logout and "end all sessions" really end them
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('sessions', (table) => {
      table.string('id', 128).primary()
      table.string('user_id', 64).nullable().index()
      table.text('data').notNullable()
      table.timestamp('expires_at', { useTz: true }).notNullable().index()
    })
  }

  async down() {
    this.schema.dropTable('sessions')
  }
}
