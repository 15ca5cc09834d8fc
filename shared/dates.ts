/*
 * The business's dates, shown and counted in Brussels (DESIGN.md §3): one module for the pages and
 * the server (PDF, mails). Two kinds of values:
 * - a calendar date ("2026-03-29": a devis date, the last day of a withdrawal period) is printed as
 *   it is and never shifted by a time zone;
 * - an instant (an ISO timestamp, a Date, epoch ms) is shown at its Brussels wall-clock time.
 * Intl only (no luxon in the browser bundle); "today" is Brussels' day, never the UTC one.
 */
import { TIME_ZONE } from './app.js'

export const DATE_LOCALE = 'fr-BE'

export type DateInput = string | number | Date | null | undefined

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/
const DAY_MS = 86_400_000

const dateFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: TIME_ZONE,
})
const timeFormat = new Intl.DateTimeFormat(DATE_LOCALE, {
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZone: TIME_ZONE,
})
const partsFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: TIME_ZONE,
})

/** An instant, or null for an empty or invalid value. */
export function toInstant(value: DateInput): Date | null {
  if (value === null || value === undefined || value === '') return null
  const date = value instanceof Date ? value : new Date(value)
  return Number.isNaN(date.getTime()) ? null : date
}

/** The Brussels calendar day of an instant, as "yyyy-mm-dd"; '' for an empty or invalid one. */
export function isoDateInBrussels(value: DateInput): string {
  const date = toInstant(value)
  if (!date) return ''
  // One formatting for the three parts (it was one each: a list computed today per row)
  let year = ''
  let month = ''
  let day = ''
  for (const p of partsFormat.formatToParts(date)) {
    if (p.type === 'year') year = p.value
    else if (p.type === 'month') month = p.value
    else if (p.type === 'day') day = p.value
  }
  return `${year}-${month}-${day}`
}

/** Today's date in Brussels, "yyyy-mm-dd" (23:30 UTC on 29 March is already the 30th there). */
export function todayIso(now?: Date): string {
  if (now) return isoDateInBrussels(now)
  // Kept for the current minute (Brussels' day changes on a minute): a list asks it per row
  const time = Date.now()
  if (time >= today.from && time < today.until) return today.value
  const from = time - (time % 60_000)
  today = { from, until: from + 60_000, value: isoDateInBrussels(new Date(time)) }
  return today.value
}

let today = { from: 0, until: 0, value: '' }

/** dd/mm/yyyy: a calendar date as is, an instant in Brussels; '' for an empty or invalid value. */
export function formatDate(value: DateInput): string {
  if (typeof value === 'string') {
    const match = ISO_DATE.exec(value)
    if (match) return `${match[3]}/${match[2]}/${match[1]}`
  }
  const date = toInstant(value)
  return date ? dateFormat.format(date) : ''
}

/** HH:mm (24 h) in Brussels; '' for an empty or invalid value. */
export function formatTime(value: DateInput): string {
  const date = toInstant(value)
  return date ? timeFormat.format(date) : ''
}

/** "dd/mm/yyyy HH:mm" in Brussels; '' for an empty or invalid value. */
export function formatDateTime(value: DateInput): string {
  const date = toInstant(value)
  return date ? `${dateFormat.format(date)} ${timeFormat.format(date)}` : ''
}

function dayNumber(iso: string): number {
  const match = ISO_DATE.exec(iso)
  if (!match) throw new RangeError(`Date invalide : « ${iso} » (attendu aaaa-mm-jj).`)
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) / DAY_MS
}

/**
 * Calendar days from one date to another ("yyyy-mm-dd"): 1 from a day to the next, negative when
 * `to` is before `from`. Whole days whatever the clock change between them.
 */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from)
}

/** The calendar date `days` after a date ("yyyy-mm-dd"), e.g. the end of a legal period. */
export function addDays(iso: string, days: number): string {
  return new Date((dayNumber(iso) + days) * DAY_MS).toISOString().slice(0, 10)
}

/**
 * The calendar date `months` after a date ("yyyy-mm-dd"), its day kept or clamped to the
 * month's last (31 January + 1 month = 28 or 29 February), as luxon's `plus({ months })`.
 */
export function addMonths(iso: string, months: number): string {
  const match = ISO_DATE.exec(iso)
  if (!match) throw new RangeError(`Date invalide : « ${iso} » (attendu aaaa-mm-jj).`)
  const index = Number(match[1]) * 12 + Number(match[2]) - 1 + months
  const [y, m] = [Math.floor(index / 12), (index % 12) + 1]
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate()
  const d = Math.min(Number(match[3]), last)
  return `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`
}
