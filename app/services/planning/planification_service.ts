/*
 * Issue 13: the one writer of the planning. A visit (planification) has a time range and persons;
 * each person's slot is a row of planification_personnes, and PostgreSQL's exclusion constraint
 * refuses two active slots of one person that overlap (decision 430): the loser of a race gets a
 * French 409 naming the visit he collided with. A mesurage or pose visit plans that commande
 * step (its dates, its owner, « planifiée »); a visit réalisée starts the step; a cancelled one
 * gives the step (or the request) back to what waits to be planned.
 * Here: create, change, retime. Statut: planification_statut.ts; persons and double bookings:
 * planification_personnes.ts; locks and history: planification_guards.ts.
 */
import type { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { planificationDto } from '#services/planning/planification_reads'
import {
  clientFacts,
  refusePlanning as refuse,
  resolveSource,
} from '#services/planning/planification_source'
import { planifierEtape } from '#services/commandes/etape_edition'
import {
  NATURE_ETAPE,
  TYPE_NATURES,
  type Nature,
  type PlanificationDto,
  type PlanningType,
} from '#shared/planning'
import { checkRange, frRange, instant, parseInstant } from '#services/planning/planification_temps'
import {
  checkPersonnes,
  guarded,
  notifyPersonnes,
  personnesOf,
  writePersonnes,
} from '#services/planning/planification_personnes'
import {
  followEtape,
  historique,
  historiqueMove,
  lockMovable,
  type Row,
} from '#services/planning/planification_guards'

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
