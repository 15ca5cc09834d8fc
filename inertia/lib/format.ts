/*
 * fr-BE display formats (DESIGN.md §3): dates dd/mm/yyyy and times in Europe/Brussels, amounts
 * from integer cents as "1 234,56 €", relative times for notifications ("il y a 5 min").
 *
 * Output is Intl's, spaces included: amounts use U+202F (narrow no-break space) between
 * thousands and U+00A0 (no-break space) before "€"; relative times use U+00A0 between the
 * number and the unit. A line never breaks inside an amount or "5 min".
 */

/** Dates and instants: one implementation for the pages and the server, shared/dates.ts. */
export {
  daysBetween,
  formatDate,
  formatDateTime,
  formatTime,
  todayIso,
  type DateInput,
} from '@shared/dates'
import { formatDate, toInstant, type DateInput } from '@shared/dates'

/** Integer cents → "1 234,56 €" (see the spaces above): one implementation, shared/totals.ts. */
export { formatMoney } from '@shared/totals'

const relativeFormat = new Intl.RelativeTimeFormat('fr', { style: 'short', numeric: 'always' })

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/**
 * "à l'instant" under a minute (or for a time slightly in the future: clock skew), then
 * "il y a 5 min", "il y a 3 h", "il y a 2 j"; from 7 days on, the date itself.
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toInstant(value)
  if (!date) return ''
  const elapsed = now.getTime() - date.getTime()
  if (elapsed < MINUTE) return "à l'instant"
  if (elapsed < HOUR) return relativeFormat.format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return relativeFormat.format(-Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < WEEK) return relativeFormat.format(-Math.floor(elapsed / DAY), 'day')
  return formatDate(date)
}
