import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { passeQuotidienneCommandes } from '#services/commandes/commandes_quotidien'

/**
 * `node ace commandes:quotidien`: the commandes' morning pass (decision 306) for a cron when the
 * web server's timer is off (RELANCES_HEURE=off): withdrawal periods over, late steps told once.
 */
export default class CommandesQuotidien extends BaseCommand {
  static commandName = 'commandes:quotidien'
  static description =
    'Termine les délais de rétractation échus et signale les étapes en retard (une fois)'
  static options: CommandOptions = { startApp: true }

  async run() {
    const router = await this.app.container.make('router')
    router.commit()
    const result = await passeQuotidienneCommandes()
    if (!result.ran) {
      this.logger.info('Une autre exécution est en cours : rien à faire.')
      return
    }
    this.logger.success(
      `${result.retractations} délai(s) de rétractation terminé(s), ${result.retards} étape(s) en retard signalée(s).`
    )
  }
}
