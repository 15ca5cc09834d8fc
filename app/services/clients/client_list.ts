/*
 * The clients list (esi/customer/Index) and its CSV export: filters, search and sort read from
 * the URL, the page found by keyset through the indexes of migration 0150.
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { CLIENT_SORT_KEYS, CLIENT_TYPES, NO_APPORTEUR } from '#shared/clients'
import { allRows, type SortColumns } from '#services/list/keyset'
import { listPage } from '#services/list/list_page'
import {
  filterParsers,
  whereWords,
  wordsAloneIndexed,
  parseListParams,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'

// Exactly the expressions of the indexes of migration 0150 (else the planner sorts 100 000 rows)
const key = (column: string) => `f_unaccent(lower(coalesce(c.${column}, '')))`
const text = (sql: string) => ({ sql, cast: 'text' as const })

export const CLIENT_SORT_COLUMNS: SortColumns = {
  keys: {
    id_client: [{ sql: 'c.id_client', cast: 'bigint' }],
    type: [text('c.type')],
    // A name sorts by nom then prénom: one index (nom, prénom, id_client) serves both
    nom: [text(key('nom')), text(key('prenom'))],
    prenom: [text(key('prenom'))],
    societe: [text(key('societe'))],
    code_postal: [text("coalesce(c.facturation_code_postal, '')")],
    localite: [text(key('facturation_localite'))],
    email: [text("lower(coalesce(c.email, ''))")],
    created_at: [{ sql: 'c.created_at', cast: 'timestamptz' }],
  },
  tiebreak: { sql: 'c.id_client', cast: 'bigint' },
}

export const CLIENT_LIST_SPEC: ListSpec = {
  sortKeys: CLIENT_SORT_KEYS,
  defaultSort: [{ key: 'id_client', desc: true }],
  filters: {
    type: { label: 'Type', parse: filterParsers.oneOf(CLIENT_TYPES) },
    apporteur: {
      label: 'Apporteur',
      parse: (value) => (value === NO_APPORTEUR ? value : filterParsers.id(value)),
    },
  },
}

export function parseClientListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, CLIENT_LIST_SPEC)
}

type Query = DatabaseQueryBuilderContract<any>

function filtered(params: ListParams, once = false): Query {
  const query = db.from('clients as c')
  if (params.filter.type) query.where('c.type', params.filter.type)
  if (params.filter.apporteur === NO_APPORTEUR) query.whereNull('c.apporteur_id')
  else if (params.filter.apporteur) query.where('c.apporteur_id', Number(params.filter.apporteur))
  // Each word somewhere in the accent- and case-free search column (trigram index)
  whereWords(query, 'c.recherche', params.words, { once })
  return query
}

const LIST_COLUMNS = [
  'c.id_client',
  'c.type',
  'c.civilite',
  'c.nom',
  'c.prenom',
  'c.societe',
  'c.email',
  'c.telephone',
  'c.gsm',
  'c.facturation_code_postal',
  'c.facturation_localite',
  'c.apporteur_id',
  'c.created_at',
]

export interface ClientListRow {
  id_client: string
  type: string
  civilite: string | null
  nom: string
  prenom: string | null
  societe: string | null
  email: string | null
  telephone: string | null
  gsm: string | null
  facturation_code_postal: string | null
  facturation_localite: string | null
  apporteur_id: number | null
  apporteur_nom: string | null
  created_at: Date
}

/** The rows query of the list (filtered, joined, selected), before sort and keyset. */
export function withColumns(params: ListParams, columns: string[] = LIST_COLUMNS, once = false) {
  return () =>
    filtered(params, once)
      .leftJoin('societes as s', 's.id', 'c.apporteur_id')
      .select(...columns, 's.nom as apporteur_nom')
}

/** One page of the list, its count (estimated, then exact when small) and the warnings. */
export function listClients<Row>(params: ListParams, map: (row: ClientListRow) => Row) {
  return listPage(params, {
    query: withColumns(params, LIST_COLUMNS),
    count: () => filtered(params),
    columns: CLIENT_SORT_COLUMNS,
    table: 'clients',
    map,
    // A plain query: its plan is kept per connection (decision 813)
    prepared: true,
    // Decision 846: a search of many matches, of indexed words and no filter, walks the sort's
    // index whatever its words; named, it is neither parsed nor planned again
    estimated: wordsAloneIndexed(params)
      ? () => ({ query: withColumns(params, LIST_COLUMNS, true), prepared: 'bound' })
      : undefined,
  })
}

/** Every matching row in the list's order, by batches (the CSV export streams them). */
export function allClients(params: ListParams, columns: string[], batch = 2000) {
  return allRows<Record<string, any>>({
    build: withColumns(params, columns),
    sort: params.sort,
    columns: CLIENT_SORT_COLUMNS,
    batch,
  })
}
