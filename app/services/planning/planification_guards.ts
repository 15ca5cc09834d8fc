// Shared by the planning writes: the visit's row lock and version, its history, the step it plans.
import { DateTime } from 'luxon'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import { conflictMessage } from '#services/documents/optimistic_lock'
import { ConflictException, NotFoundException } from '#exceptions/http_exceptions'
import { refusePlanning as refuse } from '#services/planning/planification_source'
import { planifierEtape } from '#services/commandes/etape_edition'
import { frRange, instant } from '#services/planning/planification_temps'
import { PLANIF_STATUT_LABELS, type PlanifStatut } from '#shared/planning'

export type Row = Record<string, any>

export async function lockPlanification(trx: TransactionClientContract, id: number): Promise<Row> {
  const row = await trx.from('planifications').where('id', id).forUpdate().first()
  if (!row) throw new NotFoundException()
  return row
}

/** The visit locked at the version the user saw, refused unless it is still planned. */
export async function lockMovable(trx: TransactionClientContract, id: number, lockVersion: number) {
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
export async function historiqueMove(
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
export async function followEtape(
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

export async function checkVersion(trx: TransactionClientContract, row: Row, expected: number) {
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

export async function historique(
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
