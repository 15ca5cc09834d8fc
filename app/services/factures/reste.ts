/*
 * What issued factures still ask, in SQL and after a change of their amounts (issue 11): the one
 * place payments and notes de crédit go through, so statut and amounts never disagree.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Facture from '#models/facture'
import { statutFromAmounts } from '#shared/factures'

/** factureReste() of shared/factures.ts as a SQL expression on the `factures` table. */
export const RESTE_SQL = '(factures.total_ttc - factures.montant_paye - factures.montant_credite)'

/**
 * What a payment has not allocated, as a SQL expression on the `paiements` table (a refund: its
 * negative amount). Summed over a client's payments it is the client's credit — the one
 * definition (creditClient, the créances page). A note de crédit leaves no credit of its own: it
 * is applied to its facture whole, and what the facture had been paid beyond the note goes back
 * to the payments (releaseAllocations), so it is here.
 */
export const PAIEMENT_LIBRE_SQL = `(paiements.montant - COALESCE((SELECT sum(pa.montant)
  FROM paiement_allocations pa WHERE pa.paiement_id = paiements.id), 0))`

/**
 * Sets an issued facture's paid and credited amounts and the statut they imply, under its row
 * lock (the caller's transaction). Refuses more than its total (the database checks it too).
 */
export async function setFactureAmounts(
  trx: TransactionClientContract,
  factureId: number,
  amounts: { montantPaye?: number; montantCredite?: number }
): Promise<Facture> {
  const facture = await Facture.query({ client: trx })
    .where('id', factureId)
    .forUpdate()
    .firstOrFail()
  if (!facture.numero) throw new RangeError(`Facture ${factureId} : brouillon`)
  const montantPaye = amounts.montantPaye ?? facture.montantPaye
  const montantCredite = amounts.montantCredite ?? facture.montantCredite
  facture.merge({
    montantPaye,
    montantCredite,
    statut: statutFromAmounts({
      total_ttc: facture.totalTtc,
      montant_paye: montantPaye,
      montant_credite: montantCredite,
    }),
  })
  facture.useTransaction(trx)
  await facture.save()
  return facture
}
