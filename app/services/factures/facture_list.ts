/*
 * The factures list (esi/compta/facture): the one list stack (keyset, allow-listed sorts,
 * filters statut/type/période, accent-free search). A draft has no number nor date yet: it
 * sorts by its creation day and an empty number. « En retard » is a statut filter too, derived
 * from the due date like the badge (shared/factures.ts).
 */
import { DateTime } from 'luxon'
import Facture from '#models/facture'
import type { SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
} from '#services/list/list_params'
import { TIME_ZONE } from '#shared/app'
import { NEWEST_FIRST } from '#shared/list_query'
import {
  FACTURE_SORT_KEYS,
  FACTURE_STATUTS,
  FACTURE_TYPES,
  isEnRetard,
  type FactureListItem,
} from '#shared/factures'
import { todayIso } from '#shared/dates'
import { factureAPayer } from '#services/dashboard/conditions'
import FactureTransformer, { FACTURE_LIST_FIELDS } from '#transformers/sales/facture_transformer'

const DAY = `COALESCE(factures.date_facture, (factures.created_at AT TIME ZONE '${TIME_ZONE}')::date)`

export const FACTURE_SORT_COLUMNS: SortColumns = {
  keys: {
    numero: [{ sql: `COALESCE(factures.numero, '')`, cast: 'text' }],
    date: [{ sql: DAY, cast: 'date' }],
    total: [{ sql: 'factures.total_ttc', cast: 'bigint' }],
    client: [{ sql: 'f_unaccent(lower(factures.client_nom))', cast: 'text' }],
    echeance: [{ sql: `COALESCE(factures.echeance, DATE '9999-12-31')`, cast: 'date' }],
  },
  tiebreak: { sql: 'factures.id', cast: 'integer' },
}

const isoDay = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid ? value : null

export function parseFactureListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, {
    sortKeys: FACTURE_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    filters: {
      statut: {
        label: 'Statut',
        parse: filterParsers.oneOf([...FACTURE_STATUTS, 'en_retard', 'a_payer']),
      },
      type: { label: 'Type', parse: filterParsers.oneOf(FACTURE_TYPES) },
      du: { label: 'Du', parse: isoDay },
      au: { label: 'Au', parse: isoDay },
    },
  })
}

export function factureListQuery(params: ListParams) {
  // The list's columns only: every row's parties snapshot (jsonb) was parsed and deep-copied by
  // the model for nothing, 40 % of the page's CPU (decision 682)
  const query = Facture.query().select(FACTURE_LIST_FIELDS.map((c) => `factures.${c}`))
  const { statut, type, du, au } = params.filter
  if (statut === 'en_retard') {
    query
      .whereIn('factures.statut', ['emise', 'partiellement_payee'])
      .whereRaw(`factures.echeance < (now() AT TIME ZONE '${TIME_ZONE}')::date`)
  } else if (statut === 'a_payer') {
    // Issued and something left to pay (the dashboard's « acomptes attendus », issue 14 §2)
    const aPayer = factureAPayer()
    query.whereRaw(aPayer.sql, aPayer.bindings)
  } else if (statut) {
    query.where('factures.statut', statut)
  }
  if (type) query.where('factures.type', type)
  if (du) query.whereRaw(`${DAY} >= ?`, [du])
  if (au) query.whereRaw(`${DAY} <= ?`, [au])
  // The stored, trigram-indexed text (migration 0503)
  whereWords(query, 'factures.recherche', params.words)
  return query
}

export function factureListItem(facture: Facture): FactureListItem {
  const item = new FactureTransformer(facture).forList()
  return { ...item, en_retard: isEnRetard(item, todayIso()) }
}
