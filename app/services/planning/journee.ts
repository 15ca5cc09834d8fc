/*
 * « Ma journée » (issue 13 §5): one person's visits of one Brussels day, both plannings, in
 * time order, cancelled ones left out; the previous and next days for the arrows.
 */
import { DateTime } from 'luxon'
import { planificationsInRange } from '#services/planning/planification_reads'
import { TIME_ZONE } from '#shared/app'
import { addDays } from '#shared/dates'
import { PLANNING_TYPES, type PlanificationDto } from '#shared/planning'
import { jourDemande } from '#shared/planning'

export type Journee = {
  date: string
  today: string
  precedent: string
  suivant: string
  visites: PlanificationDto[]
}

export async function journee(userId: number, rawDate: unknown, today: string): Promise<Journee> {
  const date = jourDemande(rawDate, today)
  const start = DateTime.fromISO(date, { zone: TIME_ZONE }).startOf('day')
  const end = start.plus({ days: 1 })
  const lists = await Promise.all(
    PLANNING_TYPES.map((type) => planificationsInRange({ type, start, end, personnes: [userId] }))
  )
  const visites = lists
    .flat()
    .sort((a, b) => Date.parse(a.debut) - Date.parse(b.debut) || a.id - b.id)
  return { date, today, precedent: addDays(date, -1), suivant: addDays(date, 1), visites }
}
