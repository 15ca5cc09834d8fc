/*
 * A person's day on the map: their visits of that day, the route order (shared/route_order.ts)
 * from the company's address when it is placed, else from the day's first visit; the visits
 * without coordinates come last, in their time order.
 */
import { ordonnerTournee, type Point } from '@shared/route_order'
import type { PlanificationDto } from '@shared/planning'

export type TourneeJour = {
  /** The visits in route order. */
  visites: PlanificationDto[]
  /** The line to draw: the start (company) and the located visits, in order. */
  trace: Point[]
  km: number
  minutes: number
  /** The planned visits (the others stay where they are) in route order, and their versions. */
  ordre: number[]
  lockVersions: number[]
  /** The route order differs from the time order. */
  change: boolean
}

const located = (v: PlanificationDto) => v.latitude !== null && v.longitude !== null

/** The visits of `personne` that start on `date` (Brussels: the offset is in the ISO string). */
export function visitesDuJour(
  visites: PlanificationDto[],
  personne: number,
  date: string
): PlanificationDto[] {
  return visites
    .filter((v) => v.personnes.includes(personne) && v.debut.slice(0, 10) === date)
    .sort((a, b) => (a.debut < b.debut ? -1 : a.debut > b.debut ? 1 : a.id - b.id))
}

export function tourneeDe(
  visites: PlanificationDto[],
  personne: number,
  date: string,
  depart: Point | null
): TourneeJour {
  const jour = visitesDuJour(visites, personne, date)
  const avec = jour.filter(located)
  const sans = jour.filter((v) => !located(v))
  const points = avec.map((v) => ({ lat: v.latitude!, lng: v.longitude! }))
  const t = ordonnerTournee(points, depart)
  const ordered = [...t.ordre.map((i) => avec[i]), ...sans]
  const planned = ordered.filter((v) => v.statut === 'planifiee')
  const timeOrder = jour.filter((v) => v.statut === 'planifiee').map((v) => v.id)
  return {
    visites: ordered,
    trace: [...(depart ? [depart] : []), ...t.ordre.map((i) => points[i])],
    km: t.km,
    minutes: t.minutes,
    ordre: planned.map((v) => v.id),
    lockVersions: planned.map((v) => v.lockVersion),
    change: planned.map((v) => v.id).join(',') !== timeOrder.join(','),
  }
}

/** « 2026-12-01T08:30 » + 90 min as Brussels local time (what the server reads without offset). */
export function plusMinutes(date: string, heure: string, minutes: number): string {
  const d = new Date(`${date}T${heure}:00Z`)
  return new Date(d.getTime() + minutes * 60_000).toISOString().slice(0, 16)
}

/** The day before or after an ISO date. */
export function decalerJour(date: string, jours: number): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + jours)
  return d.toISOString().slice(0, 10)
}
