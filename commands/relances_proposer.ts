import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { proposerRelances } from '#services/relances/relance_propositions'
import { todayIso } from '#shared/dates'

/**
 * `node ace relances:proposer`: the day's relance proposals and « facture en retard » notices
 * (decision 251), for a cron when the web server's timer is off (RELANCES_HEURE=off). Calling it
 * again the same day, or while the server's timer runs, does nothing twice.
 */
export default class RelancesProposer extends BaseCommand {
  static commandName = 'relances:proposer'
  static description =
    'Propose les relances du jour et signale les factures en retard (une fois par jour)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Jour (aaaa-mm-jj), aujourd’hui par défaut (Europe/Brussels)' })
  declare date?: string

  async run() {
    // Notifications name routes (urlFor): a console command commits them itself
    const router = await this.app.container.make('router')
    router.commit()
    const day = this.date ?? todayIso()
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      this.logger.error(`Date invalide : « ${day} » (attendu aaaa-mm-jj).`)
      this.exitCode = 1
      return
    }
    const result = await proposerRelances(day)
    if (!result.ran) {
      this.logger.info(
        result.reason === 'deja_fait'
          ? `Relances du ${day} déjà proposées : rien à faire.`
          : 'Une autre exécution est en cours : rien à faire.'
      )
      return
    }
    this.logger.success(
      `${result.nombre} relance(s) proposée(s), ${result.enRetard} facture(s) nouvellement en retard signalée(s).`
    )
  }
}
