// A visit's persons: checked, their slots written, a double booking as a French 409, notified.
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { notify } from '#services/events'
import { companySociete } from '#services/company'
import { ConflictException } from '#exceptions/http_exceptions'
import { refusePlanning as refuse } from '#services/planning/planification_source'
import { frRange, instant } from '#services/planning/planification_temps'
import { PERSONNES_MAX, type PlanningType } from '#shared/planning'

/** PostgreSQL's codes: exclusion constraint (a double booking), unique index (step planned). */
const EXCLUSION_VIOLATION = '23P01'
const UNIQUE_VIOLATION = '23505'

export async function checkPersonnes(
  client: QueryClientContract,
  ids: number[]
): Promise<number[]> {
  const unique = [...new Set(ids)]
  if (!unique.length) refuse('Choisissez au moins une personne.')
  if (unique.length > PERSONNES_MAX) refuse(`Au plus ${PERSONNES_MAX} personnes par visite.`)
  const rows = await client.from('users').whereIn('id', unique).where('role', 'esi').select('id')
  if (rows.length !== unique.length) refuse('Une des personnes n’est pas un membre de l’équipe.')
  return unique
}

/** The company's travel time between two visits of one person, in minutes (setting). */
export async function trajetMinutes(client?: TransactionClientContract): Promise<number> {
  const societe = await companySociete(client)
  return societe?.planningTrajetMinutes ?? 0
}

/** The persons of a visit, by id. */
export async function personnesOf(trx: TransactionClientContract, id: number): Promise<number[]> {
  const slots = await trx
    .from('planification_personnes')
    .where('planification_id', id)
    .orderBy('user_id')
    .select('user_id')
  return slots.map((r) => Number(r.user_id))
}

/** Writes the persons' slots of a visit (its range extended by the travel time). */
export async function writePersonnes(
  trx: TransactionClientContract,
  planificationId: number,
  personnes: number[],
  debut: DateTime,
  fin: DateTime,
  actif: boolean
) {
  const trajet = await trajetMinutes(trx)
  await trx.from('planification_personnes').where('planification_id', planificationId).delete()
  for (const userId of personnes) {
    await trx.rawQuery(
      `INSERT INTO planification_personnes (planification_id, user_id, creneau, actif)
       VALUES (?, ?, tstzrange(?::timestamptz, ?::timestamptz + make_interval(mins => ?), '[)'), ?)`,
      [planificationId, userId, debut.toISO()!, fin.toISO()!, trajet, actif]
    )
  }
}

/**
 * The French message of a double booking: who, and the visit he already has then. Read after
 * the failed transaction (the constraint aborted it); a race that freed the slot meanwhile gets
 * the general sentence.
 */
async function conflictFor(
  personnes: number[],
  debut: DateTime,
  fin: DateTime,
  exceptId: number | null
): Promise<ConflictException> {
  const trajet = await trajetMinutes()
  const row = await db
    .from('planification_personnes as pp')
    .join('planifications as p', 'p.id', 'pp.planification_id')
    .join('users as u', 'u.id', 'pp.user_id')
    .whereIn('pp.user_id', personnes)
    .where('pp.actif', true)
    .whereRaw(
      `pp.creneau && tstzrange(?::timestamptz, ?::timestamptz + make_interval(mins => ?), '[)')`,
      [debut.toISO()!, fin.toISO()!, trajet]
    )
    .if(exceptId !== null, (q) => q.whereNot('p.id', exceptId!))
    .orderBy('p.debut')
    .select('u.name', 'p.titre', 'p.debut', 'p.fin')
    .first()
  if (!row) {
    return new ConflictException(
      'Ce créneau vient d’être pris par une autre visite : rechargez le planning.'
    )
  }
  const d = instant(row.debut)
  const f = instant(row.fin)
  const marge = trajet ? ` (${trajet} min de trajet entre deux visites)` : ''
  return new ConflictException(`${row.name} a déjà « ${row.titre} » ${frRange(d, f)}${marge}.`)
}

function pgCode(error: unknown): string | undefined {
  return (error as { code?: string } | null)?.code
}

/**
 * Runs a planning write; a double booking or a step planned twice become the French 409.
 * The exclusion constraint is the one check: two people dragging at once cannot both win.
 */
export async function guarded<T>(
  work: () => Promise<T>,
  conflict: () => { personnes: number[]; debut: DateTime; fin: DateTime; exceptId: number | null }
): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (pgCode(error) === EXCLUSION_VIOLATION) {
      const c = conflict()
      throw await conflictFor(c.personnes, c.debut, c.fin, c.exceptId)
    }
    if (pgCode(error) === UNIQUE_VIOLATION) {
      throw new ConflictException('Cette étape de la commande est déjà planifiée.')
    }
    throw error
  }
}

function lien(type: PlanningType, id: number, debut: DateTime): string {
  return `${urlFor(type === 'com' ? 'esi.planning.com' : 'esi.planning.tec')}?date=${debut.toISODate()}&visite=${id}`
}

export async function notifyPersonnes(
  trx: TransactionClientContract,
  actor: Actor,
  userIds: number[],
  titre: string,
  type: PlanningType,
  id: number,
  debut: DateTime
) {
  await notify(trx, {
    userIds,
    exceptUserId: actor.user?.id ?? null,
    type: 'planning',
    titre,
    lien: lien(type, id, debut),
    icon: 'bi-calendar-event',
  })
}
