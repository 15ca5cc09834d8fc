import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('notifications', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').notNullable().references('id').inTable('users').onDelete('CASCADE')
      table.string('type', 40).notNullable()
      table.string('titre', 200).notNullable()
      table.string('lien', 300).nullable()
      table.string('icon', 60).nullable()
      table.timestamp('lu_le', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('notifications')
  }
}
