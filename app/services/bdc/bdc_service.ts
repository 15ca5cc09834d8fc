/*
 * Bons de commande (DESIGN.md §2, §3b): the esi list (statut, période, search, sort in the
 * URL), the Show page's data, and the cancellation of a bdc not signed yet (motif required,
 * audit row in the same transaction).
 */
import { paiementBloquePour } from '#services/bdc/paiement_retractation'
import type { Actor } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import Devis from '#models/devis'
import Facture from '#models/facture'
import DemandePaiement from '#models/demande_paiement'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { audit } from '#services/audit'
import { notify } from '#services/events'
import type { ListParams } from '#services/list/list_params'
import { bdcsSignes } from '#services/dashboard/conditions'
import {
  isoDate,
  documentListParser,
  documentSortColumns,
  whereDocumentFilters,
} from '#services/list/document_list'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { checkVersion } from '#services/documents/optimistic_lock'
import { enforce } from '#services/documents/state'
import { bdcMachine } from '#shared/machines/bdc'
import { demandePaiementMachine } from '#shared/machines/demande_paiement'
import { BDC_STATUTS } from '#shared/devis'
import { BDC_SORT_KEYS, type BdcListItem } from '#shared/bdc'
import BdcTransformer from '#transformers/sales/bdc_transformer'

/** Sort keys of esi/bdc/Index (those of every document list). */
export const BDC_SORT_COLUMNS = documentSortColumns('bdcs')

export const parseBdcListParams = documentListParser(BDC_SORT_KEYS, BDC_STATUTS, {
  // Signed between two days (the dashboard's « signés » figures, issue 14 §2)
  signe_du: { label: 'Signé du', parse: isoDate },
  signe_au: { label: 'Signé au', parse: isoDate },
})

/** The rows of esi/bdc/Index: filtered, searched (the order is keyset's). */
export function bdcListQuery(params: ListParams) {
  // The commande's id through a join (no preload: one query for the page)
  const query = Bdc.query()
    .select('bdcs.*', 'commandes.id as commande_id')
    .leftJoin('commandes', 'commandes.bdc_id', 'bdcs.id')
  whereDocumentFilters(query, 'bdcs', params)
  const { signe_du: signeDu, signe_au: signeAu } = params.filter
  if (signeDu || signeAu) {
    const signes = bdcsSignes(signeDu ?? null, signeAu ?? null)
    query.whereRaw(signes.sql, signes.bindings)
  }
  return query
}

/** A row of esi/bdc/Index (BdcTransformer.forList). */
export function bdcListItem(bdc: Bdc): BdcListItem {
  return new BdcTransformer(bdc).forList()
}

/** A bdc from a URL id: anything that is not an existing bdc is a 404. */
export async function findBdc(rawId: unknown): Promise<Bdc> {
  const id = parseId(rawId)
  const bdc = id ? await Bdc.find(id) : null
  if (!bdc) throw new NotFoundException()
  return bdc
}

/** The esi/bdc/Show page's prop, shaped by the transformer (BdcTransformer.forDetail). */
export async function bdcDetail(bdc: Bdc) {
  await bdc.load((loader) => {
    loader
      .load('lignes')
      .load('client')
      .load('commercial')
      .load('demandesPaiement', (q) => q.orderBy('id', 'desc'))
  })
  const [devis, commande, factureAcompte] = await Promise.all([
    Devis.query().where('id', bdc.devisId).preload('apporteur').first(),
    Commande.findBy('bdc_id', bdc.id),
    // Its acompte facture (issue 11), not cancelled: the page links it instead of creating one
    Facture.query()
      .where({ bdc_id: bdc.id, type: 'acompte' })
      .whereNull('demande_paiement_id')
      .whereNot('statut', 'annulee')
      .first(),
  ])
  return new BdcTransformer(bdc).forDetail(
    devis,
    commande,
    await paiementBloquePour(bdc),
    factureAcompte
  )
}

/**
 * Locks the bdc row (FOR UPDATE, until the transaction ends) and checks the version the user
 * saw (409, nothing written).
 */
export async function lockBdcForUpdate(
  trx: TransactionClientContract,
  bdcId: number,
  lockVersion: number
): Promise<Bdc> {
  const bdc = await Bdc.query({ client: trx }).where('id', bdcId).forUpdate().first()
  if (!bdc) throw new NotFoundException()
  await checkVersion(bdc, lockVersion, async () => ({
    label: `Le bon de commande ${bdc.numero}`,
    // A bdc keeps no editor; its payment requests and signature raise the version too
    by: null,
    at: null,
  }))
  return bdc
}

export type AnnulerBdcInput = {
  bdcId: number
  motif: string
  lockVersion: number
  userId: number | null
}

/** Cancels a bdc that is still to be signed (a signed one has its commande: not here). */
export async function annulerBdc(actor: Actor, input: AnnulerBdcInput) {
  return db.transaction(async (trx) => {
    const bdc = await lockBdcForUpdate(trx, input.bdcId, input.lockVersion)
    enforce(bdcMachine, 'annuler', { statut: bdc.statut, numero: bdc.numero, motif: input.motif })
    const motif = input.motif.trim().slice(0, 500)
    bdc.merge({ statut: 'annule', motifAnnulation: motif, lockVersion: bdc.lockVersion + 1 })
    bdc.useTransaction(trx)
    await bdc.save()
    // Its open payment requests go with it: the customer's link stops asking to pay
    const demandes = await annulerDemandesOuvertes(actor, trx, bdc.id, input.userId, motif)
    await audit(
      actor,
      {
        action: 'bdc.annule',
        userId: input.userId,
        subjectType: 'bdc',
        subjectId: bdc.id,
        before: { statut: 'a_signer' },
        after: { statut: 'annule', motif, demandes_annulees: demandes },
      },
      trx
    )
    await notify(trx, {
      userIds: [bdc.commercialId],
      exceptUserId: input.userId,
      type: 'bdc.annule',
      titre: `Bon de commande ${bdc.numero} (${bdc.clientNom}) annulé : ${motif}`,
      lien: urlFor('esi.bdc.show', { id: bdc.id }),
      icon: 'bi bi-x-circle',
    })
    return bdc
  })
}

/**
 * Cancels the bdc's requests still awaiting payment, in the caller's transaction (rows locked),
 * each audited. A paid one stays paid. Returns the numbers cancelled.
 */
export async function annulerDemandesOuvertes(
  actor: Actor,
  trx: TransactionClientContract,
  bdcId: number,
  userId: number | null,
  motif: string
): Promise<string[]> {
  const open = await DemandePaiement.query({ client: trx })
    .where('bdc_id', bdcId)
    .where('statut', 'envoyee')
    .orderBy('id')
    .forUpdate()
  for (const demande of open) {
    enforce(demandePaiementMachine, 'annuler', { statut: demande.statut, numero: demande.numero })
    demande.statut = 'annulee'
    demande.useTransaction(trx)
    await demande.save()
    await audit(
      actor,
      {
        action: 'demande_paiement.annulee',
        userId,
        subjectType: 'demande_paiement',
        subjectId: demande.id,
        before: { statut: 'envoyee' },
        after: { statut: 'annulee', motif: `Bon de commande annulé : ${motif}` },
      },
      trx
    )
  }
  return open.map((d) => d.numero)
}
