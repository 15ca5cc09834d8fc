/*
 * Days for the browser tests of the planning: its week views show the working days only
 * (JOURS_OUVRABLES, Sundays hidden), so a visit put on « today » is not drawn when the suite runs
 * on a Sunday.
 */
import { JOURS_OUVRABLES } from '#shared/planning'
import { addDays, todayIso } from '#shared/dates'

/** `day` when the week views show it, else the next day they show. */
export function jourOuvrableDepuis(day: string): string {
  let d = day
  // getUTCDay of the day's noon: 0 Sunday … 6 Saturday, as JOURS_OUVRABLES counts
  while (!(JOURS_OUVRABLES as readonly number[]).includes(new Date(`${d}T12:00:00Z`).getUTCDay())) {
    d = addDays(d, 1)
  }
  return d
}

/** A working day a week or so ahead, in Brussels. */
export function jourOuvrable(): string {
  return jourOuvrableDepuis(addDays(todayIso(), 8))
}
