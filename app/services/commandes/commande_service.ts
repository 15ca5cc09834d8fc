/*
 * Commandes (DESIGN.md §2, §3b): the esi list and the Show page's header. The steps (mesurage,
 * production, fourniture, pose) come with a later issue; the withdrawal period end date is
 * carried from the signed bdc and shown prominently (no supplier order before it).
 */
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import type { SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'
import { parseId } from '#services/route_params'
import { periodFilters, wherePeriode } from '#services/bdc/bdc_service'
import { NotFoundException } from '#exceptions/http_exceptions'
import { COMMANDE_STATUTS } from '#shared/devis'
import { COMMANDE_SORT_KEYS, type CommandeDetail, type CommandeListItem } from '#shared/bdc'
import { NEWEST_FIRST } from '#shared/list_query'

/** Sort keys of esi/commande/Index (keyset: every expression non-null, the id last). */
export const COMMANDE_SORT_COLUMNS: SortColumns = {
  keys: {
    numero: [{ sql: 'commandes.numero', cast: 'text' }],
    date: [{ sql: 'commandes.created_at', cast: 'timestamptz' }],
    total: [{ sql: 'commandes.total_ttc', cast: 'bigint' }],
    client: [{ sql: 'f_unaccent(lower(commandes.client_nom))', cast: 'text' }],
    // No end date (no withdrawal right): first
    fin_retractation: [
      { sql: "coalesce(commandes.fin_retractation, '0001-01-01'::date)", cast: 'date' },
    ],
  },
  tiebreak: { sql: 'commandes.id', cast: 'integer' },
}

export const COMMANDE_LIST_SPEC: ListSpec = {
  sortKeys: COMMANDE_SORT_KEYS,
  defaultSort: NEWEST_FIRST,
  filters: {
    statut: { label: 'Statut', parse: filterParsers.oneOf(COMMANDE_STATUTS) },
    ...periodFilters,
  },
}

export function parseCommandeListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, COMMANDE_LIST_SPEC)
}

/** The rows of esi/commande/Index: filtered, searched (the order is keyset's). */
export function commandeListQuery(params: ListParams) {
  const query = Commande.query()
    .select('commandes.*', 'bdcs.numero as bdc_numero')
    .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
  if (params.filter.statut) query.where('commandes.statut', params.filter.statut)
  wherePeriode(query, 'commandes.created_at', params.filter)
  whereWords(
    query,
    `f_unaccent(lower(commandes.numero || ' ' || commandes.client_nom || ' ' || commandes.objet))`,
    params.words
  )
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

export async function commandeDetail(commande: Commande): Promise<CommandeDetail> {
  await commande.load('chefProjet')
  const bdc = await Bdc.findOrFail(commande.bdcId)
  return {
    id: commande.id,
    numero: commande.numero,
    statut: commande.statut,
    created_at: commande.createdAt.toISO()!,
    client: { id: commande.clientId, nom: commande.clientNom },
    chef_projet: commande.chefProjet?.name ?? null,
    objet: commande.objet,
    total_ttc: commande.totalTtc,
    fin_retractation: commande.finRetractation?.toISODate() ?? null,
    bdc: {
      id: bdc.id,
      numero: bdc.numero,
      signe_le: bdc.signeLe?.toISO() ?? null,
      lieu: bdc.lieuSignature,
      renonciation: bdc.renonciationRetractation,
      acompte: bdc.acompte,
    },
  }
}
