/*
 * The in-process morning run (decision 251): started with the web server (start/relances.ts),
 * it calls proposerRelances() at RELANCES_HEURE (default 07:00, Europe/Brussels) every day, and
 * once at start when that hour has passed (a server restarted at 9:00 still makes the day's
 * proposals). Running it twice is harmless: the advisory lock and the day's row make every run
 * after the first a no-op, whichever process or cron made it.
 */
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { proposerRelances } from '#services/relances/relance_propositions'

export const RELANCES_ZONE = 'Europe/Brussels'
export const RELANCES_HEURE_DEFAUT = '07:00'

/** « 07:00 » → [7, 0]; « off » → null (no timer); anything else is refused at start. */
export function parseHeure(value: string | undefined): [number, number] | null {
  const text = (value ?? RELANCES_HEURE_DEFAUT).trim()
  if (text === 'off') return null
  const m = /^(\d{1,2}):(\d{2})$/.exec(text)
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    throw new RangeError(`RELANCES_HEURE invalide : « ${text} » (attendu HH:MM ou off).`)
  }
  return [Number(m[1]), Number(m[2])]
}

/** The next run strictly after `now`, at hh:mm in Brussels (DST-safe: luxon sets the wall time). */
export function nextRun(now: DateTime, [hour, minute]: [number, number]): DateTime {
  const local = now.setZone(RELANCES_ZONE)
  let next = local.set({ hour, minute, second: 0, millisecond: 0 })
  if (next <= local) next = next.plus({ days: 1 }).set({ hour, minute })
  return next
}

/** Whether today's hour has already passed (run at start to catch up). */
export function passedToday(now: DateTime, [hour, minute]: [number, number]): boolean {
  const local = now.setZone(RELANCES_ZONE)
  return local >= local.set({ hour, minute, second: 0, millisecond: 0 })
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
  const at = parseHeure(heure)
  if (!at) return () => {}
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  const schedule = () => {
    if (stopped) return
    const delay = Math.max(1000, nextRun(DateTime.now(), at).diffNow().toMillis())
    // A timer beyond ~24.8 days overflows: never the case for a daily run
    timer = setTimeout(async () => {
      await runOnce()
      schedule()
    }, delay)
    timer.unref()
  }
  if (passedToday(DateTime.now(), at)) void runOnce()
  schedule()
  return () => {
    stopped = true
    if (timer) clearTimeout(timer)
  }
}
