/*
 * The in-process morning run (decision 251): started with the web server (start/relances.ts),
 * it calls proposerRelances() at RELANCES_HEURE (default 07:00, Europe/Brussels) every day, and
 * once at start when that hour has passed (a server restarted at 9:00 still makes the day's
 * proposals). Running it twice is harmless: the advisory lock and the day's row make every run
 * after the first a no-op, whichever process or cron made it.
 */
import logger from '@adonisjs/core/services/logger'
import { proposerRelances } from '#services/relances/relance_propositions'
import { parseDailyHour, startDailyTimer } from '#services/daily_timer'

export const RELANCES_HEURE_DEFAUT = '07:00'

/** « 07:00 » → [7, 0]; « off » → null (no timer); anything else is refused at start. */
export function parseHeure(value: string | undefined): [number, number] | null {
  return parseDailyHour(value, RELANCES_HEURE_DEFAUT, 'RELANCES_HEURE')
}

async function runOnce() {
  try {
    const result = await proposerRelances()
    logger.info({ result }, 'relances: propositions du jour')
  } catch (error) {
    logger.error({ err: error }, 'relances: propositions du jour en échec')
  }
  // Issue 12 (decision 306): the commandes' morning pass rides the same timer
  try {
    const { passeQuotidienneCommandes } = await import('#services/commandes/commandes_quotidien')
    const result = await passeQuotidienneCommandes()
    logger.info({ result }, 'commandes: passe du matin')
  } catch (error) {
    logger.error({ err: error }, 'commandes: passe du matin en échec')
  }
}

/** Starts the daily timer; returns its stop function (nothing when the hour is « off »). */
export function startRelanceScheduler(heure: string | undefined): () => void {
  return startDailyTimer('relances', parseHeure(heure), runOnce)
}
