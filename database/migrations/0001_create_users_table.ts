import { BaseSchema } from '@adonisjs/lucid/schema'

export default class extends BaseSchema {
  async up() {
    this.schema.createTable('users', (table) => {
      table.increments('id')
      table.string('name', 120).notNullable()
      // Stored lower-cased; the unique index is on the lower-cased value too
      table.string('email', 254).notNullable().unique()
      table.string('password').notNullable()
      table.enum('role', ['esi', 'pro', 'other']).notNullable().defaultTo('other')
      // droit: the right currently switched on (null = off); droits_accordes: what may be switched on
      table.string('droit', 40).nullable()
      table.specificType('droits_accordes', 'text[]').notNullable().defaultTo('{}')
      table.string('acces_role', 20).nullable()
      table.timestamp('email_verified_at', { useTz: true }).nullable()
      table.text('two_factor_secret').nullable()
      table.jsonb('two_factor_recovery_codes').nullable()
      table.timestamp('two_factor_confirmed_at', { useTz: true }).nullable()
      table.timestamp('created_at', { useTz: true }).notNullable()
      table.timestamp('updated_at', { useTz: true }).notNullable()
    })
    this.schema.raw(
      `ALTER TABLE users ADD CONSTRAINT users_acces_role_check CHECK (acces_role IS NULL OR acces_role IN ('pro','other'))`
    )
  }

  async down() {
    this.schema.dropTable('users')
  }
}
