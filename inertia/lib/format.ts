/*
 * fr-BE display formats (DESIGN.md §3): dates dd/mm/yyyy and times in Europe/Brussels, amounts
 * from integer cents as "1 234,56 €", relative times for notifications ("il y a 5 min").
 *
 * Output is Intl's, spaces included: amounts use U+202F (narrow no-break space) between
 * thousands and U+00A0 (no-break space) before "€"; relative times use U+00A0 between the
 * number and the unit. A line never breaks inside an amount or "5 min".
 */

export const LOCALE = 'fr-BE'
export { TIME_ZONE } from '@shared/app'
import { TIME_ZONE } from '@shared/app'

type DateInput = string | number | Date | null | undefined

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/

const dateFormat = new Intl.DateTimeFormat(LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
})
const timeFormat = new Intl.DateTimeFormat(LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
})
const relativeFormat = new Intl.RelativeTimeFormat('fr', { style: 'short', numeric: 'always' })

function toDate(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** dd/mm/yyyy in Brussels time; '' for an empty or invalid value. */
export function formatDate(value: DateInput): string {
  // A calendar date ("2026-03-05") is not an instant: print it as is, no time-zone shift
  if (typeof value === 'string') {
    const match = DATE_ONLY.exec(value)
    if (match) return `${match[3]}/${match[2]}/${match[1]}`
  }
  const date = toDate(value)
  return date ? dateFormat.format(date) : ''
}

/** HH:mm (24 h) in Brussels time; '' for an empty or invalid value. */
export function formatTime(value: DateInput): string {
  const date = toDate(value)
  return date ? timeFormat.format(date) : ''
}

/** "dd/mm/yyyy HH:mm" in Brussels time; '' for an empty or invalid value. */
export function formatDateTime(value: DateInput): string {
  const date = toDate(value)
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : ''
}

/** Integer cents → "1 234,56 €" (see the spaces above): one implementation, shared/totals.ts. */
export { formatMoney } from '@shared/totals'

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR
const WEEK = 7 * DAY

/**
 * "à l'instant" under a minute (or for a time slightly in the future: clock skew), then
 * "il y a 5 min", "il y a 3 h", "il y a 2 j"; from 7 days on, the date itself.
 */
export function formatRelative(value: DateInput, now: Date = new Date()): string {
  const date = toDate(value)
  if (!date) return ''
  const elapsed = now.getTime() - date.getTime()
  if (elapsed < MINUTE) return "à l'instant"
  if (elapsed < HOUR) return relativeFormat.format(-Math.floor(elapsed / MINUTE), 'minute')
  if (elapsed < DAY) return relativeFormat.format(-Math.floor(elapsed / HOUR), 'hour')
  if (elapsed < WEEK) return relativeFormat.format(-Math.floor(elapsed / DAY), 'day')
  return formatDate(date)
}
