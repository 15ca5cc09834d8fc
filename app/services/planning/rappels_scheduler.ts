/*
 * The in-process evening pass of the reminders (decision 463), like the relances' morning run
 * (decision 251): started with the web server (start/rappels.ts), it calls passeRappels() at
 * RAPPELS_HEURE (default 17:00, Europe/Brussels) every day, and once at start when that hour has
 * passed (a server restarted at 18:00 still reminds tomorrow's visits). Running it twice is
 * harmless: each job inserts its visit's row first and sends nothing when it is there.
 */
import logger from '@adonisjs/core/services/logger'
import { parseDailyHour, startDailyTimer } from '#services/daily_timer'
import { RAPPELS_HEURE_DEFAUT, passeRappels } from '#services/planning/rappels'

/** « 17:00 » → [17, 0]; « off » → null (no timer); anything else is refused at start. */
export function parseHeureRappels(value: string | undefined): [number, number] | null {
  return parseDailyHour(value, RAPPELS_HEURE_DEFAUT, 'RAPPELS_HEURE')
}

/** Starts the daily timer; returns its stop function (nothing when the hour is « off »). */
export function startRappelsScheduler(heure: string | undefined): () => void {
  return startDailyTimer('rappels', parseHeureRappels(heure), async () => {
    const result = await passeRappels()
    logger.info({ result }, 'rappels: visites de demain')
  })
}
