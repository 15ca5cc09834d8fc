import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { seedDemoAccounts } from '#database/demo/accounts'

/** Demo data, once: does nothing when the demo accounts already exist. */
export default class MainSeeder extends BaseSeeder {
  async run() {
    if (await User.findBy('email', 'esi@demo.test')) return
    await db.transaction((trx) => seedDemoAccounts(trx))
  }
}
