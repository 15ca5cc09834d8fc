// The planning's instants in Brussels: parsed, checked as a visit's range, said in French.
import { DateTime } from 'luxon'
import { refusePlanning as refuse } from '#services/planning/planification_source'
import { TIME_ZONE } from '#shared/app'
import { DUREE_MAX_MINUTES, DUREE_MIN_MINUTES } from '#shared/planning'

/** An instant of the calendar, in Brussels time; a local time without offset is Brussels'. */
export function parseInstant(value: string, field: string): DateTime {
  const dt = DateTime.fromISO(String(value).trim(), { zone: TIME_ZONE })
  if (!dt.isValid) refuse(`${field} n’est pas une date et une heure valides.`)
  return dt.setZone(TIME_ZONE)
}

const frDay = (dt: DateTime) => dt.setZone(TIME_ZONE).toFormat('dd/LL/yyyy')
const frTime = (dt: DateTime) => dt.setZone(TIME_ZONE).toFormat('HH:mm')

/** « le 12/03/2026 de 09:00 à 10:30 » (or across days: « du 12/03/2026 09:00 au 13/03/2026 17:00 »). */
export function frRange(debut: DateTime, fin: DateTime): string {
  return frDay(debut) === frDay(fin)
    ? `le ${frDay(debut)} de ${frTime(debut)} à ${frTime(fin)}`
    : `du ${frDay(debut)} ${frTime(debut)} au ${frDay(fin)} ${frTime(fin)}`
}

export function checkRange(debut: DateTime, fin: DateTime) {
  const minutes = fin.diff(debut, 'minutes').minutes
  if (minutes <= 0) refuse('La fin doit suivre le début.')
  if (minutes < DUREE_MIN_MINUTES) refuse(`Une visite dure au moins ${DUREE_MIN_MINUTES} minutes.`)
  if (minutes > DUREE_MAX_MINUTES) refuse('Une visite dure au plus 14 jours.')
}

/** A timestamptz column's value in Brussels. */
export const instant = (value: unknown) =>
  DateTime.fromJSDate(new Date(value as string)).setZone(TIME_ZONE)
