import { BaseSchema } from '@adonisjs/lucid/schema'

// The last TOTP time step accepted for the user: a code of that step or an older one is a
// replay and is refused (ASVS 6.5.1)
export default class extends BaseSchema {
  async up() {
    this.schema.alterTable('users', (table) => {
      table.bigInteger('two_factor_last_step').nullable()
    })
  }

  async down() {
    this.schema.alterTable('users', (table) => {
      table.dropColumn('two_factor_last_step')
    })
  }
}
