/*
 * The in-process evening pass of the reminders (decision 463), like the relances' morning run
 * (decision 251): started with the web server (start/rappels.ts), it calls passeRappels() at
 * RAPPELS_HEURE (default 17:00, Europe/Brussels) every day, and once at start when that hour has
 * passed (a server restarted at 18:00 still reminds tomorrow's visits). Running it twice is
 * harmless: each job inserts its visit's row first and sends nothing when it is there.
 */
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { nextRun, passedToday } from '#services/relances/relance_scheduler'
import { RAPPELS_HEURE_DEFAUT, passeRappels } from '#services/planning/rappels'

/** « 17:00 » → [17, 0]; « off » → null (no timer); anything else is refused at start. */
export function parseHeureRappels(value: string | undefined): [number, number] | null {
  const text = (value ?? RAPPELS_HEURE_DEFAUT).trim()
  if (text === 'off') return null
  const m = /^(\d{1,2}):(\d{2})$/.exec(text)
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    throw new RangeError(`RAPPELS_HEURE invalide : « ${text} » (attendu HH:MM ou off).`)
  }
  return [Number(m[1]), Number(m[2])]
}

async function runOnce() {
  try {
    const result = await passeRappels()
    logger.info({ result }, 'rappels: visites de demain')
  } catch (error) {
    logger.error({ err: error }, 'rappels: passe en échec')
  }
}

/** Starts the daily timer; returns its stop function (nothing when the hour is « off »). */
export function startRappelsScheduler(heure: string | undefined): () => void {
  const at = parseHeureRappels(heure)
  if (!at) return () => {}
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  const schedule = () => {
    if (stopped) return
    const delay = Math.max(1000, nextRun(DateTime.now(), at).diffNow().toMillis())
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
