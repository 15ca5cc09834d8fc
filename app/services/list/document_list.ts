/*
 * The lists of documents made from a devis (bons de commande, commandes; the factures next):
 * the same columns under the same names, so one definition of their sort keys (numero, date,
 * total, client), their filters (statut, période of creation) and their search (numéro, client,
 * objet; accents and case ignored).
 */
import { DateTime } from 'luxon'
import type { SortColumns, SortExpr } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'
import { NEWEST_FIRST } from '#shared/list_query'
import { TIME_ZONE } from '#shared/app'

/** A `du`/`au` filter value: a real calendar day (YYYY-MM-DD), else null (ignored, warned). */
export const isoDate = (value: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(value) && DateTime.fromISO(value).isValid ? value : null

/** Sort keys of a document table (keyset: every expression non-null, the id last). */
export function documentSortColumns(
  table: string,
  extra: Record<string, SortExpr[]> = {}
): SortColumns {
  return {
    keys: {
      numero: [{ sql: `${table}.numero`, cast: 'text' }],
      date: [{ sql: `${table}.created_at`, cast: 'timestamptz' }],
      total: [{ sql: `${table}.total_ttc`, cast: 'bigint' }],
      client: [{ sql: `f_unaccent(lower(${table}.client_nom))`, cast: 'text' }],
      ...extra,
    },
    tiebreak: { sql: `${table}.id`, cast: 'integer' },
  }
}

/** The URL parser of a document list: its sort keys, newest first, statut and période. */
export function documentListParser(
  sortKeys: readonly string[],
  statuts: readonly string[],
  extra: ListSpec['filters'] = {}
) {
  const spec: ListSpec = {
    sortKeys,
    defaultSort: NEWEST_FIRST,
    filters: {
      statut: { label: 'Statut', parse: filterParsers.oneOf(statuts) },
      // Created between du and au (calendar days in Brussels)
      du: { label: 'Du', parse: isoDate },
      au: { label: 'Au', parse: isoDate },
      ...extra,
    },
  }
  return (qs: Record<string, unknown>): ListParams => parseListParams(qs, spec)
}

type Filterable = {
  where: (column: string, value: string) => unknown
  whereRaw: (sql: string, bindings: string[]) => unknown
}

/** The statut, the période (on created_at, Brussels days) and the search words of the URL. */
export function whereDocumentFilters(query: Filterable, table: string, params: ListParams) {
  const { statut, du, au } = params.filter
  const day = `(${table}.created_at AT TIME ZONE '${TIME_ZONE}')::date`
  if (statut) query.where(`${table}.statut`, statut)
  if (du) query.whereRaw(`${day} >= ?`, [du])
  if (au) query.whereRaw(`${day} <= ?`, [au])
  whereWords(
    query,
    `f_unaccent(lower(${table}.numero || ' ' || ${table}.client_nom || ' ' || ${table}.objet))`,
    params.words
  )
}
