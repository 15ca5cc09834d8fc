import { BaseCommand } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import { passeRappels } from '#services/planning/rappels'

/**
 * `node ace planning:rappels`: the reminders of tomorrow's visits, once (decision 463), for a
 * cron when the web server's timer is off (RAPPELS_HEURE=off). It dispatches the jobs; a worker
 * (`node ace queue:work`, or the web process with QUEUE_WORKER=inline) sends them. Running it
 * again sends nothing twice.
 */
export default class PlanningRappels extends BaseCommand {
  static commandName = 'planning:rappels'
  static description =
    'Met en file les e-mails de rappel des visites de demain (une fois par visite)'
  static options: CommandOptions = { startApp: true }

  async run() {
    const router = await this.app.container.make('router')
    router.commit()
    const result = await passeRappels()
    this.logger.success(
      `${result.visites.length} rappel(s) mis en file pour les visites du ${result.jour}.`
    )
  }
}
