/*
 * A list row's values as the pages receive them, from the pg driver's plain rows, with the
 * exact text the models and their transformers gave (a list page no longer makes a Lucid model
 * per row: decisions 746, 749).
 */
import { DateTime } from 'luxon'

const pad = (value: number, width = 2) => String(value).padStart(width, '0')

/**
 * An instant as Luxon's `toISO()` writes it in the process's zone
 * (`2026-11-24T23:11:46.123+01:00`), which is what a model's DateTime column gave the pages,
 * without making a DateTime. Before 1900 a zone's local mean time has seconds in its offset,
 * which Luxon rounds and Date does not: those go through Luxon.
 */
export function localIsoOf(date: Date): string | null {
  if (Number.isNaN(date.getTime())) return null
  if (date.getFullYear() < 1900) return DateTime.fromJSDate(date).toISO()
  const offset = -date.getTimezoneOffset()
  const minutes = Math.abs(offset)
  return (
    `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}` +
    `T${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}` +
    `.${pad(date.getMilliseconds(), 3)}${offset < 0 ? '-' : '+'}` +
    `${pad(Math.floor(minutes / 60))}:${pad(minutes % 60)}`
  )
}

/** An ISO text (as PostgreSQL's JSON gives a timestamptz) as `DateTime.fromISO(text).toISO()`. */
export function localIso(text: string): string | null {
  const date = new Date(text)
  if (Number.isNaN(date.getTime()) || date.getFullYear() < 1900) {
    return DateTime.fromISO(text).toISO()
  }
  return localIsoOf(date)
}
