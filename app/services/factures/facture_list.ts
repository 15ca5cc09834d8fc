/*
 * The factures list (esi/compta/facture): the one list stack (keyset, allow-listed sorts,
 * filters statut/type/période, accent-free search). A draft has no number nor date yet: it
 * sorts by its creation day and an empty number. « En retard » is a statut filter too, derived
 * from the due date like the badge (shared/factures.ts).
 */
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
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
import { toNumberStrict } from '#models/ligne_base'
import { localIsoOf } from '#services/list/row_values'

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
  // the model for nothing, 40 % of the page's CPU (decision 682); and plain rows, not models
  // (decision 749): the days as PostgreSQL writes them, the rest shaped by factureListItem
  const query = Facture.query()
    .select(
      FACTURE_LIST_FIELDS.map((c) =>
        DAY_COLUMNS.has(c) ? db.raw(`factures.${c}::text AS ${c}`) : `factures.${c}`
      )
    )
    .pojo<FactureListRow>()
  const { statut, type, du, au } = params.filter
  if (statut === 'en_retard') {
    // Written, not bound: the page is then prepared and its partial index still applies
    query
      .whereRaw(`factures.statut IN ('emise', 'partiellement_payee')`)
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

/** The date columns of the list (no time): their text is the page's. */
const DAY_COLUMNS = new Set<string>(['date_facture', 'echeance'])

/** A list row as the pg driver gives it (bigints as text, the days as text). */
export type FactureListRow = Record<(typeof FACTURE_LIST_FIELDS)[number], any>

/**
 * A list row as FactureTransformer.forList gave it from the model (same keys in the same
 * order, same values: numbers for the bigints, the instant in the process's zone), with its
 * « en retard ». tests/functional/performance/list_rows.spec.ts compares both on every row.
 */
export function factureListItem(row: FactureListRow): FactureListItem {
  const item: FactureListItem = {
    id: row.id,
    numero: row.numero,
    type: row.type,
    client_id: toNumberStrict(row.client_id),
    client_nom: row.client_nom,
    objet: row.objet,
    date_facture: row.date_facture ?? null,
    echeance: row.echeance ?? null,
    total_ttc: toNumberStrict(row.total_ttc),
    montant_paye: toNumberStrict(row.montant_paye),
    montant_credite: toNumberStrict(row.montant_credite),
    statut: row.statut,
    created_at: localIsoOf(row.created_at)!,
    en_retard: false,
  }
  item.en_retard = isEnRetard(item, todayIso())
  return item
}

/** The former mapping, from the model (the oracle of the tests). */
export function factureListItemOfModel(facture: Facture): FactureListItem {
  const item = new FactureTransformer(facture).forList()
  return { ...item, en_retard: isEnRetard(item, todayIso()) }
}
