/*
 * Commandes (DESIGN.md §2, §3b): the esi list and the Show page's header. The steps (mesurage,
 * production, fourniture, pose) come with a later issue; the withdrawal period end date is
 * carried from the signed bdc and shown prominently (no supplier order before it).
 */
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import type { ListParams } from '#services/list/list_params'
import {
  documentListParser,
  documentSortColumns,
  whereDocumentFilters,
} from '#services/list/document_list'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { COMMANDE_STATUTS } from '#shared/devis'
import { COMMANDE_SORT_KEYS, type CommandeListItem } from '#shared/bdc'
import CommandeTransformer from '#transformers/sales/commande_transformer'

/** Sort keys of esi/commande/Index: those of every document list, and the withdrawal end. */
export const COMMANDE_SORT_COLUMNS = documentSortColumns('commandes', {
  // No end date (no withdrawal right): first
  fin_retractation: [
    { sql: "coalesce(commandes.fin_retractation, '0001-01-01'::date)", cast: 'date' },
  ],
})

export const parseCommandeListParams = documentListParser(COMMANDE_SORT_KEYS, COMMANDE_STATUTS)

/** The rows of esi/commande/Index: filtered, searched (the order is keyset's). */
export function commandeListQuery(params: ListParams) {
  const query = Commande.query()
    .select('commandes.*', 'bdcs.numero as bdc_numero')
    .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
  whereDocumentFilters(query, 'commandes', params)
  return query
}

export function commandeListItem(c: Commande): CommandeListItem {
  return {
    id: c.id,
    numero: c.numero,
    client_id: c.clientId,
    client_nom: c.clientNom,
    objet: c.objet,
    total_ttc: c.totalTtc,
    statut: c.statut,
    fin_retractation: c.finRetractation?.toISODate() ?? null,
    created_at: c.createdAt.toISO()!,
    bdc_id: c.bdcId,
    bdc_numero: c.$extras.bdc_numero ?? null,
  }
}

export async function findCommande(rawId: unknown): Promise<Commande> {
  const id = parseId(rawId)
  const commande = id ? await Commande.find(id) : null
  if (!commande) throw new NotFoundException()
  return commande
}

/** The esi/commande/Show page's prop, shaped by the transformer (CommandeTransformer.forDetail). */
export async function commandeDetail(commande: Commande) {
  await commande.load('chefProjet')
  const bdc = await Bdc.findOrFail(commande.bdcId)
  await bdc.load('demandesPaiement')
  return new CommandeTransformer(commande).forDetail(bdc)
}
