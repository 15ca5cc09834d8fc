/*
 * Issue 13: the one writer of the planning. A visit (planification) has a time range and persons;
 * each person's slot is a row of planification_personnes, and PostgreSQL's exclusion constraint
 * refuses two active slots of one person that overlap (decision 430): the loser of a race gets a
 * French 409 naming the visit he collided with. A mesurage or pose visit plans that commande
 * step (its dates, its owner, « planifiée »); a visit réalisée starts the step; a cancelled one
 * gives the step (or the request) back to what waits to be planned.
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { QueryClientContract, TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import { companySociete } from '#services/company'
import { conflictMessage } from '#services/documents/optimistic_lock'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { planificationDto } from '#services/planning/planification_reads'
import {
  clientFacts,
  refusePlanning as refuse,
  resolveSource,
} from '#services/planning/planification_source'
import { assertEtapeGate } from '#services/commandes/etape_gates'
import { planifierEtape } from '#services/commandes/etape_edition'
import { setEtapeStatut } from '#services/commandes/etapes'
import { TIME_ZONE } from '#shared/app'
import {
  DUREE_MAX_MINUTES,
  DUREE_MIN_MINUTES,
  NATURE_ETAPE,
  PERSONNES_MAX,
  PLANIF_STATUT_LABELS,
  PLANIF_TRANSITIONS,
  TYPE_NATURES,
  type Nature,
  type PlanifStatut,
  type PlanificationDto,
  type PlanningType,
} from '#shared/planning'

/** PostgreSQL's codes: exclusion constraint (a double booking), unique index (step planned). */
const EXCLUSION_VIOLATION = '23P01'
const UNIQUE_VIOLATION = '23505'

export type PlanificationInput = {
  type: PlanningType
  nature: Nature
  /** ISO date-times; without an offset they are read in Europe/Brussels. */
  debut: string
  fin: string
  personnes: number[]
  titre?: string | null
  clientId?: number | null
  devisId?: number | null
  commandeId?: number | null
  demandeId?: number | null
  adresse?: string | null
  latitude?: number | null
  longitude?: number | null
  notes?: string | null
}

export type PlanificationChanges = Partial<Omit<PlanificationInput, 'type'>> & {
  lockVersion: number
}

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

function checkRange(debut: DateTime, fin: DateTime) {
  const minutes = fin.diff(debut, 'minutes').minutes
  if (minutes <= 0) refuse('La fin doit suivre le début.')
  if (minutes < DUREE_MIN_MINUTES) refuse(`Une visite dure au moins ${DUREE_MIN_MINUTES} minutes.`)
  if (minutes > DUREE_MAX_MINUTES) refuse('Une visite dure au plus 14 jours.')
}

async function checkPersonnes(client: QueryClientContract, ids: number[]): Promise<number[]> {
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

type Row = Record<string, any>

/** A timestamptz column's value in Brussels. */
const instant = (value: unknown) =>
  DateTime.fromJSDate(new Date(value as string)).setZone(TIME_ZONE)

async function lockPlanification(trx: TransactionClientContract, id: number): Promise<Row> {
  const row = await trx.from('planifications').where('id', id).forUpdate().first()
  if (!row) throw new NotFoundException()
  return row
}

/** The visit locked at the version the user saw, refused unless it is still planned. */
async function lockMovable(trx: TransactionClientContract, id: number, lockVersion: number) {
  const row = await lockPlanification(trx, id)
  await checkVersion(trx, row, lockVersion)
  if (row.statut !== 'planifiee') {
    refuse(
      `Cette visite est ${PLANIF_STATUT_LABELS[row.statut as PlanifStatut].toLowerCase()} : elle ne se déplace plus.`
    )
  }
  return row
}

/** Writes the visit's move in its history (« … → … »); whether it moved at all. */
async function historiqueMove(
  trx: TransactionClientContract,
  row: Row,
  userId: number | null,
  debut: DateTime,
  fin: DateTime,
  suffix = ''
): Promise<boolean> {
  const oldDebut = instant(row.debut)
  const oldFin = instant(row.fin)
  if (+oldDebut === +debut && +oldFin === +fin) return false
  const detail = `${frRange(oldDebut, oldFin)} → ${frRange(debut, fin)}${suffix}`
  await historique(trx, row.id, userId, 'deplacee', detail)
  return true
}

/** A mesurage or pose visit carries its commande step along: planned days, owner (decision 433). */
async function followEtape(
  trx: TransactionClientContract,
  actor: Actor,
  row: Row,
  plan: { debut: DateTime; fin: DateTime; personnes: number[] } | null
) {
  if (!row.etape) return
  await planifierEtape(
    trx,
    actor,
    row.commande_id,
    row.etape,
    plan ? { debut: plan.debut, fin: plan.fin, responsableId: plan.personnes[0] } : null
  )
}

/** The persons of a visit, by id. */
async function personnesOf(trx: TransactionClientContract, id: number): Promise<number[]> {
  const slots = await trx
    .from('planification_personnes')
    .where('planification_id', id)
    .orderBy('user_id')
    .select('user_id')
  return slots.map((r) => Number(r.user_id))
}

async function checkVersion(trx: TransactionClientContract, row: Row, expected: number) {
  if (row.lock_version === expected) return
  const by = row.updated_by
    ? await trx.from('users').where('id', row.updated_by).select('name').first()
    : null
  throw new ConflictException(
    conflictMessage(
      'Cette visite',
      by?.name ?? null,
      DateTime.fromJSDate(new Date(row.updated_at)),
      true
    )
  )
}

async function historique(
  trx: TransactionClientContract,
  planificationId: number,
  userId: number | null,
  action: string,
  detail: string | null = null
) {
  await trx.table('planification_historique').insert({
    planification_id: planificationId,
    user_id: userId,
    action,
    detail,
    created_at: new Date(),
  })
}

/** Writes the persons' slots of a visit (its range extended by the travel time). */
async function writePersonnes(
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
async function guarded<T>(
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

async function notifyPersonnes(
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

/** Creates a visit (the modal, a slot selected, an item dropped from the list). */
export async function createPlanification(
  actor: Actor,
  input: PlanificationInput
): Promise<PlanificationDto> {
  if (!(TYPE_NATURES[input.type] as readonly string[]).includes(input.nature)) {
    refuse('Cette nature n’appartient pas à ce planning.')
  }
  const debut = parseInstant(input.debut, 'Le début')
  const fin = parseInstant(input.fin, 'La fin')
  checkRange(debut, fin)
  const id = await guarded(
    () =>
      db.transaction(async (trx) => {
        const personnes = await checkPersonnes(trx, input.personnes)
        const source = await resolveSource(trx, input, null)
        const userId = actor.user?.id ?? null
        const [row] = await trx
          .table('planifications')
          .insert({
            type: input.type,
            nature: input.nature,
            statut: 'planifiee',
            debut: debut.toISO(),
            fin: fin.toISO(),
            titre: (input.titre?.trim() || source.titre).slice(0, 200),
            client_id: source.clientId,
            devis_id: source.devisId,
            commande_id: source.commandeId,
            etape: source.etape,
            demande_id: source.demandeId,
            adresse: (input.adresse?.trim() || source.adresse)?.slice(0, 300) ?? null,
            latitude: input.latitude ?? source.latitude,
            longitude: input.longitude ?? source.longitude,
            notes: input.notes?.trim().slice(0, 5000) || null,
            created_by: userId,
            updated_by: userId,
          })
          .returning(['id', 'titre'])
        await writePersonnes(trx, row.id, personnes, debut, fin, true)
        if (source.demandeId) {
          await trx
            .from('planning_demandes')
            .where('id', source.demandeId)
            .update({ statut: 'planifiee', updated_at: new Date() })
        }
        if (source.commandeId && source.etape) {
          await planifierEtape(trx, actor, source.commandeId, source.etape, {
            debut,
            fin,
            responsableId: personnes[0],
          })
        }
        await historique(trx, row.id, userId, 'creee', frRange(debut, fin))
        await audit(
          actor,
          {
            action: 'planification.creee',
            subjectType: 'planification',
            subjectId: row.id,
            after: { nature: input.nature, debut: debut.toISO(), fin: fin.toISO(), personnes },
          },
          trx
        )
        await notifyPersonnes(
          trx,
          actor,
          personnes,
          `Nouvelle visite : ${row.titre} ${frRange(debut, fin)}`,
          input.type,
          row.id,
          debut
        )
        return row.id as number
      }),
    () => ({ personnes: input.personnes, debut, fin, exceptId: null })
  )
  return planificationDto(id)
}

/**
 * Changes a visit: a drag (debut, fin, maybe personnes), a resize (fin) or the modal (anything).
 * Under its version (409 with who and when); only a planned visit moves.
 */
export async function updatePlanification(
  actor: Actor,
  id: number,
  changes: PlanificationChanges
): Promise<PlanificationDto> {
  let range: { personnes: number[]; debut: DateTime; fin: DateTime } | null = null
  await guarded(
    () =>
      db.transaction(async (trx) => {
        const row = await lockMovable(trx, id, changes.lockVersion)
        const debut = changes.debut ? parseInstant(changes.debut, 'Le début') : instant(row.debut)
        const fin = changes.fin ? parseInstant(changes.fin, 'La fin') : instant(row.fin)
        checkRange(debut, fin)
        const avant = await personnesOf(trx, id)
        const personnes = changes.personnes ? await checkPersonnes(trx, changes.personnes) : avant
        range = { personnes, debut, fin }
        const nature = (changes.nature ?? row.nature) as Nature
        if (nature !== row.nature) {
          if (!(TYPE_NATURES[row.type as PlanningType] as readonly string[]).includes(nature)) {
            refuse('Cette nature n’appartient pas à ce planning.')
          }
          if (row.etape || NATURE_ETAPE[nature]) {
            refuse('La nature d’une visite liée à une étape de commande ne change pas.')
          }
        }
        const patch: Row = {
          debut: debut.toISO(),
          fin: fin.toISO(),
          nature,
          lock_version: row.lock_version + 1,
          updated_by: actor.user?.id ?? null,
          updated_at: new Date(),
        }
        if (changes.titre !== undefined && changes.titre?.trim()) {
          patch.titre = changes.titre.trim().slice(0, 200)
        }
        if (changes.adresse !== undefined)
          patch.adresse = changes.adresse?.trim().slice(0, 300) || null
        if (changes.latitude !== undefined) patch.latitude = changes.latitude
        if (changes.longitude !== undefined) patch.longitude = changes.longitude
        if (changes.notes !== undefined) patch.notes = changes.notes?.trim().slice(0, 5000) || null
        if (!row.etape && !row.demande_id) {
          if (changes.clientId !== undefined) {
            const facts = changes.clientId ? await clientFacts(trx, changes.clientId) : null
            patch.client_id = facts?.id ?? null
          }
          if (changes.devisId !== undefined) patch.devis_id = changes.devisId
        }
        await trx.from('planifications').where('id', id).update(patch)
        await writePersonnes(trx, id, personnes, debut, fin, true)
        const userId = actor.user?.id ?? null
        const moved = await historiqueMove(trx, row, userId, debut, fin)
        const reassigned = avant.join(',') !== [...personnes].sort((a, b) => a - b).join(',')
        if (reassigned) {
          const names = await trx
            .from('users')
            .whereIn('id', personnes)
            .orderBy('name')
            .select('name')
          await historique(trx, id, userId, 'personnes', names.map((n) => n.name).join(', '))
        }
        if (moved || reassigned) await followEtape(trx, actor, row, { debut, fin, personnes })
        await audit(
          actor,
          {
            action: 'planification.modifiee',
            subjectType: 'planification',
            subjectId: id,
            before: {
              debut: instant(row.debut).toISO(),
              fin: instant(row.fin).toISO(),
              personnes: avant,
            },
            after: { debut: debut.toISO(), fin: fin.toISO(), personnes },
          },
          trx
        )
        if (moved || reassigned) {
          await notifyPersonnes(
            trx,
            actor,
            [...new Set([...avant, ...personnes])],
            `Visite modifiée : ${patch.titre ?? row.titre} ${frRange(debut, fin)}`,
            row.type,
            id,
            debut
          )
        }
      }),
    () => ({ ...range!, exceptId: id })
  )
  return planificationDto(id)
}

/**
 * Moves one planned visit to [debut, fin) inside the caller's transaction, keeping its persons
 * (the map's « Réordonner la journée », app/services/planning/reorder_day.ts, which defers the
 * no-overlap constraint so two visits can swap). Same rules as a drag: version, statut, range,
 * history, the commande step's dates, audit; the caller notifies once for the whole day.
 */
export async function retimeInTransaction(
  trx: TransactionClientContract,
  actor: Actor,
  id: number,
  debut: DateTime,
  fin: DateTime,
  lockVersion: number
): Promise<{ personnes: number[]; moved: boolean }> {
  const row = await lockMovable(trx, id, lockVersion)
  checkRange(debut, fin)
  const personnes = await personnesOf(trx, id)
  const userId = actor.user?.id ?? null
  await trx
    .from('planifications')
    .where('id', id)
    .update({
      debut: debut.toISO(),
      fin: fin.toISO(),
      lock_version: row.lock_version + 1,
      updated_by: userId,
      updated_at: new Date(),
    })
  await writePersonnes(trx, id, personnes, debut, fin, true)
  const moved = await historiqueMove(trx, row, userId, debut, fin, ' (journée réordonnée)')
  if (!moved) return { personnes, moved }
  await followEtape(trx, actor, row, { debut, fin, personnes })
  await audit(
    actor,
    {
      action: 'planification.modifiee',
      subjectType: 'planification',
      subjectId: id,
      before: { debut: instant(row.debut).toISO(), fin: instant(row.fin).toISO() },
      after: { debut: debut.toISO(), fin: fin.toISO(), ordre: 'journée réordonnée' },
    },
    trx
  )
  return { personnes, moved }
}

export type StatutChange = { lockVersion: number; statut: PlanifStatut; motif?: string | null }

/**
 * Réalisée (the step it plans starts: 422 with the gate's reason when it cannot), annulée with
 * the motif (the slot is freed; the step or request waits to be planned again), or back to
 * planifiée from réalisée (a click too fast).
 */
export async function changePlanificationStatut(
  actor: Actor,
  id: number,
  change: StatutChange
): Promise<PlanificationDto> {
  let range: { personnes: number[]; debut: DateTime; fin: DateTime } | null = null
  await guarded(
    () =>
      db.transaction(async (trx) => {
        const row = await lockPlanification(trx, id)
        await checkVersion(trx, row, change.lockVersion)
        const from = row.statut as PlanifStatut
        if (!PLANIF_TRANSITIONS[from].includes(change.statut)) {
          refuse(
            `Une visite ${PLANIF_STATUT_LABELS[from].toLowerCase()} ne peut pas devenir ${PLANIF_STATUT_LABELS[change.statut].toLowerCase()}.`
          )
        }
        const userId = actor.user?.id ?? null
        const motif = change.motif?.trim().slice(0, 500) || null
        if (change.statut === 'annulee' && !motif) refuse('Indiquez le motif de l’annulation.')
        const now = new Date()
        await trx
          .from('planifications')
          .where('id', id)
          .update({
            statut: change.statut,
            realisee_le: change.statut === 'realisee' ? now : null,
            annulee_le: change.statut === 'annulee' ? now : null,
            motif_annulation: change.statut === 'annulee' ? motif : null,
            lock_version: row.lock_version + 1,
            updated_by: userId,
            updated_at: now,
          })
        const debut = instant(row.debut)
        const fin = instant(row.fin)
        const personnes = await personnesOf(trx, id)
        range = { personnes, debut, fin }
        if (change.statut === 'annulee') {
          await trx
            .from('planification_personnes')
            .where('planification_id', id)
            .update({ actif: false })
          if (row.demande_id) {
            await trx
              .from('planning_demandes')
              .where('id', row.demande_id)
              .update({ statut: 'ouverte', updated_at: now })
          }
          await followEtape(trx, actor, row, null)
        }
        if (row.etape && change.statut === 'realisee') {
          const step = await trx
            .from('commande_etapes')
            .where({ commande_id: row.commande_id, etape: row.etape })
            .select('statut')
            .first()
          if (step && ['a_faire', 'planifiee'].includes(step.statut)) {
            await assertEtapeGate(trx, row.commande_id, row.etape)
            await setEtapeStatut(
              trx,
              actor,
              row.commande_id,
              row.etape,
              'en_cours',
              'visite réalisée'
            )
          }
        }
        await historique(
          trx,
          id,
          userId,
          'statut',
          `${PLANIF_STATUT_LABELS[from]} → ${PLANIF_STATUT_LABELS[change.statut]}${motif ? ` : ${motif}` : ''}`
        )
        await audit(
          actor,
          {
            action: 'planification.statut',
            subjectType: 'planification',
            subjectId: id,
            before: { statut: from },
            after: { statut: change.statut, motif },
          },
          trx
        )
        if (change.statut === 'annulee') {
          await notifyPersonnes(
            trx,
            actor,
            personnes,
            `Visite annulée : ${row.titre} ${frRange(debut, fin)}`,
            row.type,
            id,
            debut
          )
        }
      }),
    () => ({ ...range!, exceptId: id })
  )
  return planificationDto(id)
}
