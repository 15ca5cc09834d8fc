/*
 * Allocations of payments to factures (issue 11 §3): every change ends with the facture's
 * montant_paye recomputed from its allocations under its row lock, through setFactureAmounts —
 * the one writer of a facture's amounts and statut.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { setFactureAmounts } from '#services/factures/reste'

/** Sum of a facture's allocations (cents). */
export async function allocatedTo(trx: TransactionClientContract, factureId: number) {
  const row = await trx
    .from('paiement_allocations')
    .where('facture_id', factureId)
    .sum('montant as total')
    .first()
  return Number(row?.total ?? 0)
}

/** Sum of a payment's allocations (cents). */
export async function allocatedFrom(trx: TransactionClientContract, paiementId: number) {
  const row = await trx
    .from('paiement_allocations')
    .where('paiement_id', paiementId)
    .sum('montant as total')
    .first()
  return Number(row?.total ?? 0)
}

/** montant_paye := the sum of the facture's allocations (the caller holds its row lock). */
export async function syncMontantPaye(trx: TransactionClientContract, factureId: number) {
  return setFactureAmounts(trx, factureId, { montantPaye: await allocatedTo(trx, factureId) })
}

/**
 * Takes `amount` back from a facture's allocations, newest first (a note de crédit on a paid
 * facture, see DECISIONS.md « Credit notes and payments »): the payments keep that money as the client's credit.
 */
export async function releaseAllocations(
  trx: TransactionClientContract,
  factureId: number,
  amount: number
) {
  let left = amount
  const rows = await trx
    .from('paiement_allocations')
    .where('facture_id', factureId)
    .orderBy('id', 'desc')
    .forUpdate()
  for (const row of rows) {
    if (left <= 0) break
    const montant = Number(row.montant)
    const take = Math.min(montant, left)
    if (take === montant) await trx.from('paiement_allocations').where('id', row.id).delete()
    else {
      await trx
        .from('paiement_allocations')
        .where('id', row.id)
        .update({ montant: montant - take, updated_at: new Date() })
    }
    left -= take
  }
  return amount - left
}
