import { BaseSeeder } from '@adonisjs/lucid/seeders'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { seedDemo } from '#database/demo/index'

/** Demo data, once: does nothing when the demo accounts already exist. */
export default class MainSeeder extends BaseSeeder {
  async run() {
    if (await User.findBy('email', 'esi@demo.test')) return
    await db.transaction((trx) => seedDemo(trx))
  }
}
