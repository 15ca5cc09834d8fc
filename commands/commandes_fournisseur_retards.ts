import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { notifierCommandesFournisseurEnRetard } from '#services/commandes_fournisseur/cf_retards'
import { todayIso } from '#shared/dates'

/**
 * `node ace commandes-fournisseur:retards`: tells each chef de projet of the supplier orders
 * late against their confirmed date, once per order and date (decision 363), for a daily cron.
 */
export default class CommandesFournisseurRetards extends BaseCommand {
  static commandName = 'commandes-fournisseur:retards'
  static description =
    'Signale au chef de projet les commandes fournisseur en retard (une fois par commande)'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'Jour (aaaa-mm-jj), aujourd’hui par défaut (Europe/Brussels)' })
  declare date?: string

  async run() {
    const day = this.date ?? todayIso()
    if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) {
      this.logger.error(`Date invalide : « ${day} » (attendu aaaa-mm-jj).`)
      this.exitCode = 1
      return
    }
    const n = await notifierCommandesFournisseurEnRetard(day)
    this.logger.success(`${n} commande(s) fournisseur en retard signalée(s).`)
  }
}
