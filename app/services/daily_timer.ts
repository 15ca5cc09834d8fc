/*
 * The in-process daily passes of the web server (decisions 251, 463): the relances' morning run
 * and the visit reminders' evening pass. At hh:mm Brussels every day, and once at start when that
 * hour has passed today (a server restarted later still makes the day's pass). Each pass is
 * idempotent by itself, so a cron or a second process running it too is harmless.
 */
import { DateTime } from 'luxon'
import logger from '@adonisjs/core/services/logger'
import { TIME_ZONE } from '#shared/app'

/** « 07:00 » → [7, 0]; « off » → null (no timer); anything else is refused at start. */
export function parseDailyHour(
  value: string | undefined,
  fallback: string,
  variable: string
): [number, number] | null {
  const text = (value ?? fallback).trim()
  if (text === 'off') return null
  const m = /^(\d{1,2}):(\d{2})$/.exec(text)
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    throw new RangeError(`${variable} invalide : « ${text} » (attendu HH:MM ou off).`)
  }
  return [Number(m[1]), Number(m[2])]
}

/** The next run strictly after `now`, at hh:mm in Brussels (DST-safe: luxon sets the wall time). */
export function nextRun(now: DateTime, [hour, minute]: [number, number]): DateTime {
  const local = now.setZone(TIME_ZONE)
  let next = local.set({ hour, minute, second: 0, millisecond: 0 })
  if (next <= local) next = next.plus({ days: 1 }).set({ hour, minute })
  return next
}

/** Whether today's hour has already passed (run at start to catch up). */
export function passedToday(now: DateTime, [hour, minute]: [number, number]): boolean {
  const local = now.setZone(TIME_ZONE)
  return local >= local.set({ hour, minute, second: 0, millisecond: 0 })
}

/** Starts the daily timer of `run`; returns its stop function (nothing when `at` is null). */
export function startDailyTimer(
  name: string,
  at: [number, number] | null,
  run: () => Promise<unknown>
): () => void {
  if (!at) return () => {}
  let timer: NodeJS.Timeout | null = null
  let stopped = false
  const runOnce = async () => {
    try {
      await run()
    } catch (error) {
      logger.error({ err: error }, `${name}: passe en échec`)
    }
  }
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
