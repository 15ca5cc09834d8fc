/*
 * Commandes (DESIGN.md §2, §3b): the esi list and the Show page's header. The steps (mesurage,
 * production, fourniture, pose) come with a later issue; the withdrawal period end date is
 * carried from the signed bdc and shown prominently (no supplier order before it).
 */
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import { applySearch, applySort, type ListDefinition } from '#services/listing'
import { parseId } from '#services/route_params'
import { periodFilters, wherePeriode } from '#services/bdc/bdc_service'
import { NotFoundException } from '#exceptions/http_exceptions'
import { COMMANDE_STATUTS } from '#shared/devis'
import type { CommandeDetail, CommandeListItem } from '#shared/bdc'
import type { ListFilters } from '#shared/list_params'

export const COMMANDE_LIST: ListDefinition = {
  sorts: {
    numero: 'commandes.numero',
    date: 'commandes.created_at',
    total: 'commandes.total_ttc',
    client: 'f_unaccent(lower(commandes.client_nom))',
    fin_retractation: 'commandes.fin_retractation',
  },
  defaultSort: '-date',
  filters: {
    statut: (v) => ((COMMANDE_STATUTS as readonly string[]).includes(v) ? v : null),
    ...periodFilters,
  },
  tieBreaker: 'commandes.id',
}

export function commandeListQuery(state: ListFilters) {
  const query = Commande.query()
    .select('commandes.*', 'bdcs.numero as bdc_numero')
    .join('bdcs', 'bdcs.id', 'commandes.bdc_id')
  if (state.filter.statut) query.where('commandes.statut', state.filter.statut)
  wherePeriode(query, 'commandes.created_at', state.filter)
  applySearch(
    query,
    state.q,
    `f_unaccent(lower(commandes.numero || ' ' || commandes.client_nom || ' ' || commandes.objet))`
  )
  return applySort(query, state, COMMANDE_LIST)
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
