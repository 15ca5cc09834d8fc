import { BaseSchema } from '@adonisjs/lucid/schema'

// Attempt counters of @adonisjs/limiter when LIMITER_STORE=database (the default)
export default class extends BaseSchema {
  async up() {
    this.schema.createTable('rate_limits', (table) => {
      table.string('key', 255).notNullable().primary()
      table.integer('points', 9).notNullable().defaultTo(0)
      table.bigint('expire').unsigned()
    })
  }

  async down() {
    this.schema.dropTable('rate_limits')
  }
}
