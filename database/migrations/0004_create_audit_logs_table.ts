import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('audit_logs', (table) => {
      table.bigIncrements('id')
      table.integer('user_id').nullable().references('id').inTable('users').onDelete('SET NULL')
      table.string('action', 80).notNullable()
      table.string('subject_type', 60).nullable()
      table.string('subject_id', 60).nullable()
      table.jsonb('before').nullable()
      table.jsonb('after').nullable()
      table.string('ip', 64).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable().defaultTo(this.now())
      table.index(['subject_type', 'subject_id'])
      table.index(['user_id', 'created_at'])
    })
  }

  async down() {
    this.schema.dropTable('audit_logs')
  }
}
