/*
 * Paiements (issue 11 §3): recording money received from a client and allocating it to that
 * client's issued factures, partially; what is not allocated stays the client's credit, which can
 * be allocated later or refunded (a negative payment). A double submit records one payment: the
 * form's idempotency key is unique, the second insert returns the first payment.
 *
 * Locks, always in this order: the client row (a credit is spent once), the payment, then each
 * facture by id through setFactureAmounts.
 */
import { type DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { Actor } from '#services/actor'
import Paiement from '#models/paiement'
import Facture from '#models/facture'
import { audit } from '#services/audit'
import { parseId } from '#services/route_params'
import { allocatedFrom, syncMontantPaye } from '#services/paiements/allocations'
import { PAIEMENT_LIBRE_SQL } from '#services/factures/reste'
import { lockClient } from '#services/clients/client_lock'
import { notifyPaiementRecu } from '#services/paiements/paiement_notification'
import { refreshAutoEtapesOfFactures } from '#services/commandes/etapes_auto'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import { factureReste } from '#shared/factures'
import type { PaiementMode } from '#shared/paiements'
import { formatEuros, parseScaled } from '#shared/totals'

function refuse(message: string): never {
  throw new AppException(message, { status: 422 })
}

/** A typed amount (« 1 234,56 ») in cents, or a 422 with the French message. */
export function parseMontant(text: string, allowNegative = false): number {
  const v = parseScaled(text, 2)
  if (v === null || (!allowNegative && v < 0n) || v > 10_000_000_000n || v < -10_000_000_000n) {
    throw new AppException('Montant invalide : indiquez un nombre comme 1 234,56.', { status: 422 })
  }
  return Number(v)
}

export async function findPaiement(rawId: unknown): Promise<Paiement> {
  const id = parseId(rawId)
  const paiement = id ? await Paiement.find(id) : null
  if (!paiement) throw new NotFoundException()
  return paiement
}

/** The client's credit: receipts and refunds less what is allocated (cents). */
export async function creditClient(clientId: number, client?: TransactionClientContract) {
  const q = client ?? db
  const { rows } = await q.rawQuery(
    `SELECT COALESCE(sum(${PAIEMENT_LIBRE_SQL}), 0) AS credit FROM paiements
     WHERE paiements.client_id = :c`,
    { c: clientId }
  )
  return Number(rows[0]?.credit ?? 0)
}

export type Allocation = { factureId: number; montant: number }

/**
 * Adds allocations from a payment (the caller holds the client and payment locks): each to an
 * issued, open facture of the same client, never beyond its reste nor beyond what the payment
 * has left. An existing allocation to the same facture grows.
 */
async function allocate(
  trx: TransactionClientContract,
  paiement: Paiement,
  allocations: Allocation[]
) {
  const asked = allocations.filter((a) => a.montant > 0).sort((a, b) => a.factureId - b.factureId)
  if (new Set(asked.map((a) => a.factureId)).size !== asked.length) {
    refuse('Une facture apparaît deux fois dans la répartition.')
  }
  if (asked.length === 0) return
  if (paiement.montant <= 0) refuse('Un remboursement ne s’alloue pas à une facture.')
  const libre = paiement.montant - (await allocatedFrom(trx, paiement.id))
  const total = asked.reduce((s, a) => s + a.montant, 0)
  if (total > libre) {
    refuse(
      `Ce paiement n’a plus que ${formatEuros(libre)} à répartir : ${formatEuros(total)} demandés.`
    )
  }
  // A refund takes from the client's credit, not from one payment: what a payment still has
  // may already have been given back (found by the balance property test)
  const credit = await creditClient(paiement.clientId, trx)
  if (total > credit) {
    refuse(
      `Le crédit de ce client n’est plus que de ${formatEuros(Math.max(0, credit))} (un remboursement a été fait) : ${formatEuros(total)} demandés.`
    )
  }
  for (const a of asked) {
    const facture = await Facture.query({ client: trx })
      .where('id', a.factureId)
      .forUpdate()
      .first()
    if (!facture || facture.clientId !== paiement.clientId || !facture.numero) {
      refuse('Cette facture n’est pas une facture émise de ce client.')
    }
    const reste = factureReste({
      total_ttc: facture.totalTtc,
      montant_paye: facture.montantPaye,
      montant_credite: facture.montantCredite,
    })
    if (a.montant > reste) {
      refuse(
        `La facture ${facture.numero} n’attend plus que ${formatEuros(Math.max(0, reste))} : ${formatEuros(a.montant)} demandés.`
      )
    }
    await trx.rawQuery(
      `INSERT INTO paiement_allocations (paiement_id, facture_id, montant, created_at, updated_at)
       VALUES (?, ?, ?, now(), now())
       ON CONFLICT (paiement_id, facture_id)
       DO UPDATE SET montant = paiement_allocations.montant + EXCLUDED.montant, updated_at = now()`,
      [paiement.id, facture.id, a.montant]
    )
    await syncMontantPaye(trx, facture.id)
  }
  // Issue 12: an acompte paid opens its commande's gates (the acompte step follows)
  await refreshAutoEtapesOfFactures(
    trx,
    asked.map((a) => a.factureId)
  )
}

export type RecordPaiementInput = {
  clientId: number
  date: DateTime
  montant: number
  mode: PaiementMode
  reference: string | null
  compte: string | null
  idempotencyKey: string
  allocations: Allocation[]
  demandePaiementId?: number | null
  userId: number | null
}

/**
 * Records a receipt (montant > 0) and its allocations, or a refund (montant < 0) of the
 * client's credit. The same idempotency key twice gives the first payment back, untouched.
 */
export async function recordPaiement(
  actor: Actor,
  input: RecordPaiementInput,
  outer?: TransactionClientContract
): Promise<{ paiement: Paiement; created: boolean }> {
  const run = async (trx: TransactionClientContract) => {
    if (!Number.isSafeInteger(input.montant) || input.montant === 0) {
      refuse('Le montant du paiement doit être différent de zéro.')
    }
    await lockClient(trx, input.clientId)
    const existing = await Paiement.query({ client: trx })
      .where('idempotency_key', input.idempotencyKey)
      .first()
    if (existing) return { paiement: existing, created: false }
    if (input.montant < 0) {
      if (input.allocations.some((a) => a.montant > 0)) {
        refuse('Un remboursement ne s’alloue pas à une facture.')
      }
      const credit = await creditClient(input.clientId, trx)
      if (-input.montant > credit) {
        refuse(
          `Le client n’a que ${formatEuros(Math.max(0, credit))} de crédit : un remboursement de ${formatEuros(-input.montant)} est impossible.`
        )
      }
    }
    const { rows } = await trx.rawQuery(
      `INSERT INTO paiements (client_id, date_paiement, montant, mode, reference, compte,
         idempotency_key, demande_paiement_id, created_by, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, now(), now())
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id`,
      [
        input.clientId,
        input.date.toISODate(),
        input.montant,
        input.mode,
        input.reference?.trim().slice(0, 140) || null,
        input.compte?.replace(/\s+/g, '').toUpperCase().slice(0, 34) || null,
        input.idempotencyKey,
        input.demandePaiementId ?? null,
        input.userId,
      ] as any[]
    )
    if (rows.length === 0) {
      const first = await Paiement.query({ client: trx })
        .where('idempotency_key', input.idempotencyKey)
        .firstOrFail()
      return { paiement: first, created: false }
    }
    const paiement = await Paiement.query({ client: trx })
      .where('id', rows[0].id)
      .forUpdate()
      .firstOrFail()
    await allocate(trx, paiement, input.allocations)
    await notifyPaiementRecu(trx, paiement, input.userId)
    await audit(
      actor,
      {
        action: paiement.montant > 0 ? 'paiement.enregistre' : 'paiement.rembourse',
        userId: input.userId,
        subjectType: 'paiement',
        subjectId: paiement.id,
        after: {
          client: input.clientId,
          montant: paiement.montant,
          mode: paiement.mode,
          allocations: input.allocations.filter((a) => a.montant > 0),
        },
      },
      trx
    )
    return { paiement, created: true }
  }
  return outer ? run(outer) : db.transaction(run)
}

/** Allocates what a payment has left (the client's credit) to factures of the same client. */
export async function allocatePaiement(
  actor: Actor,
  input: { paiementId: number; allocations: Allocation[]; userId: number | null }
) {
  return db.transaction(async (trx) => {
    const first = await Paiement.find(input.paiementId, { client: trx })
    if (!first) throw new NotFoundException()
    await lockClient(trx, first.clientId)
    const paiement = await Paiement.query({ client: trx })
      .where('id', first.id)
      .forUpdate()
      .firstOrFail()
    await allocate(trx, paiement, input.allocations)
    await audit(
      actor,
      {
        action: 'paiement.alloue',
        userId: input.userId,
        subjectType: 'paiement',
        subjectId: paiement.id,
        after: { allocations: input.allocations.filter((a) => a.montant > 0) },
      },
      trx
    )
    return paiement
  })
}
