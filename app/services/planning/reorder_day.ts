/*
 * Issue 13 §4: « Réordonner la journée » of the map. A person's planned visits of one day (one
 * planning) take the order given (the route order of shared/route_order.ts, or any other): same
 * durations, the first starting when the day's first visit started, each next one after the
 * company's travel time. One transaction; the no-overlap constraint is DEFERRED inside it, so two
 * visits may swap their times (checked once, at commit). A visit shared with another person who
 * is busy at the new time is refused with the French 409 naming that person's visit.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import { notify } from '#services/events'
import { urlFor } from '@adonisjs/core/services/url_builder'
import {
  ConflictException,
  NotFoundException,
  TransitionException,
} from '#exceptions/http_exceptions'
import { frRange } from '#services/planning/planification_temps'
import { retimeInTransaction } from '#services/planning/planification_service'
import { trajetMinutes } from '#services/planning/planification_personnes'
import { planificationDtos } from '#services/planning/planification_reads'
import { TIME_ZONE } from '#shared/app'
import type { PlanificationDto, PlanningType } from '#shared/planning'

const EXCLUSION_VIOLATION = '23P01'

export type ReorderInput = {
  type: PlanningType
  personne: number
  /** ISO date (yyyy-mm-dd), Brussels. */
  date: string
  /** Every planned visit of that person that day, in the new order. */
  ordre: number[]
  /** The lock_version of each visit of `ordre`, in the same order. */
  lockVersions: number[]
}

type Slot = { id: number; debut: DateTime; fin: DateTime }

const JOURNEE_CHANGEE = 'La journée a changé depuis son affichage : rechargez la carte.'

/** The new times: same durations, back to back after the travel time, from the first start. */
export function retimedSlots(
  visits: { id: number; debut: DateTime; fin: DateTime }[],
  ordre: number[],
  trajet: number
): Slot[] {
  const byId = new Map(visits.map((v) => [v.id, v]))
  let cursor = DateTime.min(...visits.map((v) => v.debut))!
  return ordre.map((id) => {
    const v = byId.get(id)!
    const duree = v.fin.diff(v.debut)
    const slot = { id, debut: cursor, fin: cursor.plus(duree) }
    cursor = slot.fin.plus({ minutes: trajet })
    return slot
  })
}

export async function reorderDay(actor: Actor, input: ReorderInput): Promise<PlanificationDto[]> {
  const day = DateTime.fromISO(input.date, { zone: TIME_ZONE })
  if (!day.isValid) throw new TransitionException('Date invalide.')
  const person = await db
    .from('users')
    .where({ id: input.personne, role: 'esi' })
    .select('id', 'name')
    .first()
  if (!person) throw new NotFoundException()
  if (new Set(input.ordre).size !== input.ordre.length) {
    throw new TransitionException('Une visite est en double dans l’ordre.')
  }
  if (input.lockVersions.length !== input.ordre.length) {
    throw new TransitionException('Versions des visites manquantes : rechargez la carte.')
  }
  const known = await db.from('planifications').whereIn('id', input.ordre).select('id')
  if (known.length !== input.ordre.length) throw new NotFoundException()

  const start = day.startOf('day')
  const end = start.plus({ days: 1 })
  const trajet = await trajetMinutes()
  let slots: Slot[] = []
  const ordreSet = new Set(input.ordre)
  try {
    await db.transaction(async (trx) => {
      await trx.rawQuery('SET CONSTRAINTS planification_personnes_sans_chevauchement DEFERRED')
      // Locked in id order: two reorders of the same day wait for each other, never deadlock
      await trx.rawQuery(
        'SELECT id FROM planifications WHERE id = ANY(?::int[]) ORDER BY id FOR UPDATE',
        [input.ordre]
      )
      const rows = await trx
        .from('planifications as p')
        .join('planification_personnes as pp', 'pp.planification_id', 'p.id')
        .where('pp.user_id', input.personne)
        .where('p.type', input.type)
        .where('p.statut', 'planifiee')
        .where('p.debut', '>=', start.toISO()!)
        .where('p.debut', '<', end.toISO()!)
        .select('p.id', 'p.debut', 'p.fin')
      const visits = rows.map((r) => ({
        id: Number(r.id),
        debut: DateTime.fromJSDate(new Date(r.debut)).setZone(TIME_ZONE),
        fin: DateTime.fromJSDate(new Date(r.fin)).setZone(TIME_ZONE),
      }))
      const ids = new Set(visits.map((v) => v.id))
      if (ids.size !== ordreSet.size || input.ordre.some((id) => !ids.has(id))) {
        throw new ConflictException(JOURNEE_CHANGEE)
      }
      slots = retimedSlots(visits, input.ordre, trajet)

      // Anyone of these visits (the person, or a team mate on a shared visit) busy elsewhere
      // at the new time: refused with that other visit's name, before writing anything
      for (const slot of slots) {
        const clash = await trx
          .from('planification_personnes as pp')
          .join('planification_personnes as mine', 'mine.user_id', 'pp.user_id')
          .join('planifications as o', 'o.id', 'pp.planification_id')
          .join('users as u', 'u.id', 'pp.user_id')
          .where('mine.planification_id', slot.id)
          .where('pp.actif', true)
          .whereNotIn('pp.planification_id', input.ordre)
          .whereRaw(
            `pp.creneau && tstzrange(?::timestamptz, ?::timestamptz + make_interval(mins => ?), '[)')`,
            [slot.debut.toISO()!, slot.fin.toISO()!, trajet]
          )
          .orderBy('o.debut')
          .select('u.name', 'o.titre', 'o.debut', 'o.fin')
          .first()
        if (clash) {
          const d = DateTime.fromJSDate(new Date(clash.debut))
          const f = DateTime.fromJSDate(new Date(clash.fin))
          throw new ConflictException(
            `Impossible de réordonner : ${clash.name} a déjà « ${clash.titre} » ${frRange(d, f)}, ` +
              `qui chevaucherait ${frRange(slot.debut, slot.fin)}.`
          )
        }
      }

      const personnes = new Set<number>()
      let moved = 0
      for (const [i, slot] of slots.entries()) {
        const r = await retimeInTransaction(
          trx,
          actor,
          slot.id,
          slot.debut,
          slot.fin,
          input.lockVersions[i]
        )
        if (r.moved) moved++
        for (const p of r.personnes) personnes.add(p)
      }
      if (moved) {
        await notify(trx, {
          userIds: [...personnes],
          exceptUserId: actor.user?.id ?? null,
          type: 'planning',
          titre: `Journée du ${start.toFormat('dd/LL/yyyy')} réordonnée (${person.name}) : ${moved} visite${moved > 1 ? 's' : ''} déplacée${moved > 1 ? 's' : ''}`,
          lien: `${urlFor(input.type === 'com' ? 'esi.planning.com' : 'esi.planning.tec')}?date=${start.toISODate()}`,
          icon: 'bi-signpost-split',
        })
      }
      // Checked now rather than by COMMIT, so the error is still ours to name
      await trx.rawQuery('SET CONSTRAINTS planification_personnes_sans_chevauchement IMMEDIATE')
    })
  } catch (error) {
    if ((error as { code?: string } | null)?.code === EXCLUSION_VIOLATION) {
      throw new ConflictException(
        'Ce nouvel ordre fait se chevaucher deux visites d’une même personne (une visite à plusieurs ou une visite ajoutée entre-temps) : rechargez la carte.'
      )
    }
    throw error
  }
  return planificationDtos(input.ordre)
}
