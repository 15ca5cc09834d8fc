/*
 * The devis list (esi/devis/Index) and its CSV export: filters, search and sort read from the
 * URL, the page found by keyset through the indexes of migration 0303.
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { DEVIS_STATUTS } from '#shared/devis'
import {
  DEVIS_DEFAULT_SORT,
  DEVIS_SORT_KEYS,
  NO_COMMERCIAL,
  parseDateInput,
} from '#shared/devis_list'
import { parseMoney } from '#shared/money'
import { centsToInput } from '#shared/totals'
import { allRows, type SortColumns } from '#services/list/keyset'
import { listPage } from '#services/list/list_page'
import {
  filterParsers,
  whereWords,
  parseListParams,
  type ListParams,
  type ListSpec,
} from '#services/list/list_params'
import { TIME_ZONE } from '#shared/app'
import { devisARelancer } from '#services/dashboard/conditions'
import { cachedByVersion } from '#services/cache/versioned_cache'

// Exactly the expressions of the indexes of migration 0303 (else the planner sorts every row)
const text = (sql: string) => ({ sql, cast: 'text' as const })

export const DEVIS_SORT_COLUMNS: SortColumns = {
  keys: {
    numero: [text("coalesce(d.numero, '')")],
    date_devis: [{ sql: 'd.date_devis', cast: 'date' }],
    client_nom: [text("f_unaccent(lower(coalesce(d.client_nom, '')))")],
    total_ttc: [{ sql: 'd.total_ttc', cast: 'bigint' }],
    statut: [text('d.statut')],
    valable_jusqu_au: [{ sql: 'd.valable_jusqu_au', cast: 'date' }],
    created_at: [{ sql: 'd.created_at', cast: 'timestamptz' }],
  },
  tiebreak: { sql: 'd.id', cast: 'integer' },
}

/** "envoye,accepte" → the known statuts, each once, in the canonical order. */
function parseStatuts(value: string): string | null {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)
  if (!parts.length || parts.some((p) => !(DEVIS_STATUTS as readonly string[]).includes(p))) {
    return null
  }
  return DEVIS_STATUTS.filter((s) => parts.includes(s)).join(',')
}

/** "1 000,50" → "1000,50" (echoed in the field); the query reads it back as cents. */
function parseMontant(value: string): string | null {
  try {
    return centsToInput(parseMoney(value))
  } catch {
    return null
  }
}

export const DEVIS_LIST_SPEC: ListSpec = {
  sortKeys: DEVIS_SORT_KEYS,
  defaultSort: DEVIS_DEFAULT_SORT,
  filters: {
    statut: { label: 'Statut', parse: parseStatuts },
    commercial: {
      label: 'Commercial',
      parse: (value) => (value === NO_COMMERCIAL ? value : filterParsers.id(value)),
    },
    du: { label: 'Du', parse: parseDateInput },
    au: { label: 'Au', parse: parseDateInput },
    montant_min: { label: 'Montant min.', parse: parseMontant },
    montant_max: { label: 'Montant max.', parse: parseMontant },
    // The dashboard's « devis à relancer » (issue 14 §2): the one condition of both
    relance: { label: 'À relancer', parse: filterParsers.oneOf(['1']) },
  },
}

export function parseDevisListParams(qs: Record<string, unknown>): ListParams {
  const params = parseListParams(qs, DEVIS_LIST_SPEC)
  // PostgreSQL text cannot hold NUL: such characters are dropped from the search words
  params.words = params.words.map((w) => w.replace(/\0/g, '')).filter((w) => w.length >= 2)
  const { du, au } = params.filter
  if (du && au && du > au) {
    params.warnings.push('Période : la date de début est après la date de fin.')
  }
  return params
}

type Query = DatabaseQueryBuilderContract<any>

const cents = (value: string) => parseMoney(value)

function filtered(params: ListParams): Query {
  const query = db.from('devis as d')
  const f = params.filter
  if (f.statut) {
    const statuts = f.statut.split(',')
    if (statuts.length === 1) query.where('d.statut', statuts[0])
    else query.whereIn('d.statut', statuts)
  }
  if (f.commercial === NO_COMMERCIAL) query.whereNull('d.commercial_id')
  else if (f.commercial) query.where('d.commercial_id', Number(f.commercial))
  if (f.du) query.where('d.date_devis', '>=', f.du)
  if (f.au) query.where('d.date_devis', '<=', f.au)
  if (f.montant_min) query.where('d.total_ttc', '>=', cents(f.montant_min))
  if (f.montant_max) query.where('d.total_ttc', '<=', cents(f.montant_max))
  if (f.relance) {
    const relance = devisARelancer('d')
    query.whereRaw(relance.sql, relance.bindings)
  }
  // Each word somewhere in the accent- and case-free search column (trigram index)
  whereWords(query, 'd.recherche', params.words)
  return query
}

const LIST_COLUMNS = [
  'd.id',
  'd.numero',
  'd.revision',
  db.raw('d.date_devis::text AS date_devis'),
  'd.client_id',
  'd.client_nom',
  'd.objet',
  'd.commercial_id',
  'd.total_ht',
  'd.total_ttc',
  'd.statut',
  db.raw('d.valable_jusqu_au::text AS valable_jusqu_au'),
  db.raw(
    `(d.statut = 'envoye' AND d.valable_jusqu_au < (now() AT TIME ZONE '${TIME_ZONE}')::date) AS validite_depassee`
  ),
]

export interface DevisListRow {
  id: number
  numero: string | null
  revision: number
  date_devis: string
  client_id: string | number
  client_nom: string
  objet: string
  commercial_id: number | null
  commercial_nom: string | null
  total_ht: string | number
  total_ttc: string | number
  statut: string
  valable_jusqu_au: string
  validite_depassee: boolean
}

type Column = string | ReturnType<typeof db.raw>

/** The rows query of the list (filtered, joined, selected), before sort and keyset. */
export function withColumns(params: ListParams, columns: Column[] = LIST_COLUMNS) {
  return () =>
    filtered(params)
      .leftJoin('users as u', 'u.id', 'd.commercial_id')
      .select(...(columns as any[]), 'u.name as commercial_nom')
}

/** One page of the list, its count (estimated, then exact when small) and the warnings. */
export function listDevis<Row>(params: ListParams, map: (row: DevisListRow) => Row) {
  return listPage(params, {
    query: withColumns(params),
    count: () => filtered(params),
    columns: DEVIS_SORT_COLUMNS,
    table: 'devis',
    map,
    // A plain query: its plan is kept per connection (decision 813)
    prepared: true,
  })
}

/** Every matching row in the list's order, by batches (the CSV export streams them). */
export function allDevis(params: ListParams, columns: Column[], batch = 2000) {
  return allRows<Record<string, any>>({
    build: withColumns(params, columns),
    sort: params.sort,
    columns: DEVIS_SORT_COLUMNS,
    batch,
  })
}

/** The users offered in the commercial filter: the staff. */
/** Kept while the users table is unchanged (decision 542). */
export function commercialOptions() {
  return cachedByVersion('users', 'commerciaux', async () => {
    const rows = await db.from('users').where('role', 'esi').orderBy('name').select('id', 'name')
    return rows.map((r) => ({ id: r.id as number, nom: r.name as string }))
  })
}
