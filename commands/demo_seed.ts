import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { DEMO_ACCOUNTS, DEMO_ESI_TOTP_SECRET, DEMO_PASSWORD } from '#database/demo/accounts'
import { seedDemo } from '#database/demo/index'
import { demoSignatureLine } from '#database/demo/signature_en_ligne'

/** `node ace demo:seed`: seeds the demo data once (npm start calls it on every start). */
export default class DemoSeed extends BaseCommand {
  static commandName = 'demo:seed'
  static description = 'Crée les comptes et données de démonstration (une seule fois)'
  static options: CommandOptions = { startApp: true }

  async run() {
    // The seed goes through the real services, whose notifications name routes (urlFor): the
    // HTTP server commits the routes when it starts; a console command must do it itself
    const router = await this.app.container.make('router')
    router.commit()
    if (await User.findBy('email', 'esi@demo.test')) {
      this.logger.info('Données de démonstration déjà présentes')
    } else {
      // Global: the invoicing services the demo goes through open their own transactions,
      // which become savepoints of this one (all or nothing still)
      const trx = await db.beginGlobalTransaction()
      try {
        await seedDemo(trx)
        await db.commitGlobalTransaction()
      } catch (error) {
        await db.rollbackGlobalTransaction()
        throw error
      }
      this.logger.success('Données de démonstration créées')
    }
    this.logger.info(`Comptes de démonstration (mot de passe ${DEMO_PASSWORD}) :`)
    for (const a of DEMO_ACCOUNTS) this.logger.info(`  ${a.email.padEnd(16)} rôle ${a.role}`)
    // Demo data only: the secret is public so anyone can try the two-factor login
    this.logger.info(`  esi@demo.test : double authentification, clé TOTP ${DEMO_ESI_TOTP_SECRET}`)
    const signature = await demoSignatureLine()
    if (signature) this.logger.info(signature)
  }
}
