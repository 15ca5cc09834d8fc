/*
 * Accepting a devis creates its bon de commande (DESIGN.md §1–§3): numbered in the accepting
 * transaction, with a frozen copy of the accepted lines and totals, and of the client and
 * company blocks as printed (parties_snapshot), that never changes after.
 */
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Bdc from '#models/bdc'
import Client from '#models/client'
import type Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import Texte from '#models/texte'
import { nextNumero } from '#services/documents/numbering'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { clientPartiesSnapshot } from '#services/pdf/document_parts'
import { ligneEcartee } from '#shared/totals'

/** The company's base text printed as the conditions of every new bdc. */
export const BDC_CONDITIONS_CODE = 'bdc_conditions'

export async function createBdcFromDevis(
  trx: TransactionClientContract,
  devis: Devis,
  userId: number | null
): Promise<Bdc> {
  const lignes = await DevisLigne.query({ client: trx })
    .where('devis_id', devis.id)
    .orderBy('position')
  // Issue 14 §1: the options the customer left unticked are not part of the order; those he
  // ticked become firm lines (a bdc has no options)
  const data = lignes
    .filter((l) => !ligneEcartee(l))
    .map((l) => ({ ...l.toData(), optionnel: false, retenue: true }))
  // Recomputed from the same lines by the same function: equal to the devis by construction
  const totals = totalsOf(data, devis.remiseGlobalePct, devis.acomptePct)
  // The client and company blocks as of now: the signed bdc prints them, whatever changes later
  const client = await Client.findOrFail(devis.clientId, { client: trx })
  // Its own conditions, not the devis's (which speak of the devis's validity): decision 189
  const conditions = await Texte.findBy('code', BDC_CONDITIONS_CODE, { client: trx })
  const bdc = await Bdc.create(
    {
      numero: await nextNumero(trx, 'bdc'),
      devisId: devis.id,
      devisRevision: devis.revision,
      clientId: devis.clientId,
      clientNom: devis.clientNom,
      commercialId: devis.commercialId,
      objet: devis.objet,
      adresseChantier: devis.adresseChantier,
      remiseGlobalePct: devis.remiseGlobalePct,
      totalHt: totals.total_ht,
      totalTva: totals.total_tva,
      totalTtc: totals.total_ttc,
      tvaDetail: totals.tva,
      acomptePct: devis.acomptePct,
      acompte: totals.acompte,
      commissionApporteurPct: devis.commissionApporteurPct,
      statut: 'a_signer',
      partiesSnapshot: await clientPartiesSnapshot(client, trx),
      conditions: conditions?.contenu ?? null,
      createdBy: userId,
    },
    { client: trx }
  )
  await replaceLignes(trx, 'bdc_lignes', 'bdc_id', bdc.id, data, totals)
  return bdc
}
