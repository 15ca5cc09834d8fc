// The automatic steps (acompte, rétractation, solde) brought up to their facts.
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { autoStatuts } from '#shared/commande_timeline'
import { commandeGateFacts } from '#services/commandes/etape_gates'
import { setEtapeStatut, syncCommande } from '#services/commandes/etapes'

/**
 * Brings the three automatic steps up to their facts (decision 300): acompte (paid ≥ the bdc's
 * acompte: faite; none asked: sans objet), rétractation (none or waived: sans objet; running:
 * en cours; over: faite) and solde (its facture issued: faite). Called where payments are
 * allocated, when a facture de solde is issued, when the commande page opens and by the morning
 * pass; each move writes its history (no user: « automatique ») and the commande's statut.
 */
export async function refreshAutoEtapes(
  trx: TransactionClientContract,
  commandeId: number
): Promise<void> {
  const facts = await commandeGateFacts(trx, commandeId)
  if (facts.annulee) return
  const solde = await trx
    .from('factures')
    .where({ commande_id: commandeId, type: 'solde' })
    .whereNotNull('numero')
    .whereNot('statut', 'annulee')
    .first()
  const wanted = autoStatuts({
    acompteDu: facts.acompteDu ?? 0,
    acomptePaye: facts.acomptePaye ?? 0,
    finRetractation: facts.finRetractation ?? null,
    renonciation: facts.renonciation ?? false,
    today: facts.today!,
    soldeEmise: Boolean(solde),
  })
  for (const etape of ['acompte', 'retractation', 'solde'] as const) {
    if (facts.etapes[etape] !== wanted[etape]) {
      await setEtapeStatut(trx, null, commandeId, etape, wanted[etape], 'automatique')
    }
  }
  await syncCommande(trx, commandeId)
}

/** refreshAutoEtapes of every commande of these factures (a payment's allocations). */
export async function refreshAutoEtapesOfFactures(
  trx: TransactionClientContract,
  factureIds: number[]
): Promise<void> {
  if (!factureIds.length) return
  const rows = await trx
    .from('factures')
    .whereIn('id', factureIds)
    .whereNotNull('commande_id')
    .distinct('commande_id')
  for (const r of rows.sort((a, b) => a.commande_id - b.commande_id)) {
    await refreshAutoEtapes(trx, Number(r.commande_id))
  }
}
