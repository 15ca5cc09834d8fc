/*
 * « Paiement reçu » (issue 11): whoever follows the money hears of it once the payment is
 * committed — the commercial of each commande it settles and the user who made each facture, or,
 * for a payment of a demande de paiement, that demande's commercial and author; a payment
 * allocated to nothing reaches the commercials of the client's commandes in progress. Never the
 * actor. Every way in (the form, « marquer comme payée », the bank import) goes through
 * recordPaiement, which calls this.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type Paiement from '#models/paiement'
import { notify } from '#services/events'
import { clientDisplayName } from '#shared/clients'
import { formatEuros } from '#shared/totals'

type Ids = (number | null)[]

async function recipients(trx: TransactionClientContract, paiement: Paiement) {
  const factures = await trx
    .from('paiement_allocations as pa')
    .join('factures as f', 'f.id', 'pa.facture_id')
    .leftJoin('bdcs as b', 'b.id', 'f.bdc_id')
    .where('pa.paiement_id', paiement.id)
    .orderBy('f.numero')
    .select('f.id', 'f.numero', 'f.created_by', 'b.commercial_id')
  const ids: Ids = factures.flatMap((f) => [f.commercial_id, f.created_by])
  if (paiement.demandePaiementId) {
    const demande = await trx
      .from('demandes_paiement as d')
      .leftJoin('bdcs as b', 'b.id', 'd.bdc_id')
      .where('d.id', paiement.demandePaiementId)
      .select('d.created_by', 'b.commercial_id')
      .first()
    ids.push(demande?.commercial_id ?? null, demande?.created_by ?? null)
  }
  if (!ids.some(Boolean)) {
    const commandes = await trx
      .from('commandes as c')
      .join('bdcs as b', 'b.id', 'c.bdc_id')
      .where('c.client_id', paiement.clientId)
      .whereIn('c.statut', ['en_attente', 'en_cours'])
      .distinct('b.commercial_id')
    ids.push(...commandes.map((c) => c.commercial_id))
  }
  return { ids, factures }
}

/** Notifies « Paiement reçu » after the commit of `trx` (a receipt only, not a refund). */
export async function notifyPaiementRecu(
  trx: TransactionClientContract,
  paiement: Paiement,
  actorUserId: number | null
) {
  if (paiement.montant <= 0) return
  const { ids, factures } = await recipients(trx, paiement)
  const client = await trx.from('clients').where('id_client', paiement.clientId).first()
  const numeros = factures.map((f) => f.numero).join(', ')
  await notify(trx, {
    userIds: ids,
    exceptUserId: actorUserId,
    type: 'paiement.recu',
    titre: `Paiement reçu : ${formatEuros(paiement.montant)} de ${client ? clientDisplayName(client) : 'client'}${numeros ? ` (${numeros})` : ''}`,
    lien:
      factures.length === 1
        ? urlFor('esi.factures.show', { id: factures[0].id })
        : urlFor('esi.compta.creance.client', { id: paiement.clientId }),
    icon: 'bi bi-cash-coin',
  })
}
