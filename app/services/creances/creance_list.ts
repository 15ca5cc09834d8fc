/*
 * The créances (esi/compta/creance, issue 11 §4): per client, what its open factures still ask
 * (RESTE_SQL, the one definition of « dû ») split into the aging buckets of shared/creances.ts,
 * for a given day in Brussels. One aggregated query, wrapped as a derived table so the list
 * stack pages it by keyset like any list (sort by amount due, client, oldest delay).
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { RESTE_SQL } from '#services/factures/reste'
import type { SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  type ListParams,
} from '#services/list/list_params'
import {
  AGING_BUCKETS,
  AGING_BUCKET_KEYS,
  CREANCE_DEFAULT_SORT,
  CREANCE_SORT_KEYS,
  agingBucket,
  joursRetard,
  type AgingBucket,
  type CreanceClientItem,
  type CreanceFactureItem,
  type CreanceTotals,
} from '#shared/creances'
import { clientDisplayName } from '#shared/clients'
import { isoDateInBrussels } from '#shared/dates'

type Query = DatabaseQueryBuilderContract<any>

/** Issued, not paid in full, not cancelled, something left (shared/factures.ts isOpen). */
export const OPEN_FACTURE_SQL = `factures.numero IS NOT NULL
  AND factures.statut IN ('emise', 'partiellement_payee') AND ${RESTE_SQL} > 0`

/** The SQL of agingBucket(), from the same boundaries. */
function bucketCondition(key: AgingBucket): string {
  const index = AGING_BUCKETS.findIndex((b) => b.key === key)
  const upper = AGING_BUCKETS[index].maxDays
  const lower = index > 0 ? AGING_BUCKETS[index - 1].maxDays : null
  const parts = [
    lower === null ? null : `f.retard > ${lower}`,
    upper === null ? null : `f.retard <= ${upper}`,
  ].filter(Boolean)
  return parts.length ? parts.join(' AND ') : 'TRUE'
}

const bucketSums = AGING_BUCKET_KEYS.map(
  (key) => `COALESCE(sum(f.reste) FILTER (WHERE ${bucketCondition(key)}), 0)::bigint AS ${key}`
).join(',\n    ')

/** One row per client owing something on `today`: the derived table `cr`. */
function perClient(today: string) {
  const open = db
    .from('factures')
    .whereRaw(OPEN_FACTURE_SQL)
    .select(
      'factures.client_id',
      db.raw(`${RESTE_SQL} AS reste`),
      db.raw(`(?::date - factures.echeance) AS retard`, [today])
    )
    .as('f')
  return db
    .from(open)
    .join('clients as c', 'c.id_client', 'f.client_id')
    .groupBy('c.id_client')
    .select(
      'c.id_client',
      'c.type',
      'c.civilite',
      'c.nom',
      'c.prenom',
      'c.societe',
      'c.numero_tva',
      'c.recherche',
      db.raw(`f_unaccent(lower(coalesce(nullif(c.societe, ''), c.nom) || ' ' ||
        coalesce(c.prenom, ''))) AS tri_nom`),
      db.raw(`sum(f.reste)::bigint AS du,
        COALESCE(sum(f.reste) FILTER (WHERE f.retard > 0), 0)::bigint AS en_retard,
        count(*)::int AS nb_factures,
        max(f.retard)::int AS retard_max,
        ${bucketSums}`)
    )
    .as('cr')
}

export const CREANCE_SORT_COLUMNS: SortColumns = {
  keys: {
    du: [{ sql: 'cr.du', cast: 'bigint' }],
    client: [{ sql: 'cr.tri_nom', cast: 'text' }],
    retard: [{ sql: 'cr.retard_max', cast: 'integer' }],
  },
  tiebreak: { sql: 'cr.id_client', cast: 'bigint' },
}

export function parseCreanceListParams(qs: Record<string, unknown>): ListParams {
  return parseListParams(qs, {
    sortKeys: CREANCE_SORT_KEYS,
    defaultSort: CREANCE_DEFAULT_SORT,
    filters: {
      retard: { label: 'En retard', parse: filterParsers.oneOf(['1']) },
      tranche: { label: 'Tranche', parse: filterParsers.oneOf(AGING_BUCKET_KEYS) },
    },
  })
}

/** The clients owing something on `today`, filtered as the URL says (not yet ordered). */
export function creanceQuery(params: ListParams, today: string): Query {
  const query = db.query().from(perClient(today))
  if (params.filter.retard) query.where('cr.en_retard', '>', 0)
  const tranche = params.filter.tranche as AgingBucket | undefined
  if (tranche && AGING_BUCKET_KEYS.includes(tranche)) query.where(`cr.${tranche}`, '>', 0)
  whereWords(query, 'cr.recherche', params.words)
  return query
}

/** The totals of what the filters select (the row on top of the page). */
export async function creanceTotals(params: ListParams, today: string): Promise<CreanceTotals> {
  const sums = ['du', 'en_retard', 'nb_factures', ...AGING_BUCKET_KEYS]
    .map((col) => `COALESCE(sum(cr.${col}), 0)::bigint AS ${col}`)
    .join(', ')
  const row = await creanceQuery(params, today)
    .select(db.raw(`${sums}, count(*)::int AS nb_clients`))
    .first()
  const totals = { nb_clients: Number(row?.nb_clients ?? 0) } as CreanceTotals
  for (const col of ['du', 'en_retard', 'nb_factures', ...AGING_BUCKET_KEYS] as const) {
    totals[col] = Number(row?.[col] ?? 0)
  }
  return totals
}

export function creanceClientItem(row: Record<string, any>): CreanceClientItem {
  const item = {
    client_id: Number(row.id_client),
    client_nom: clientDisplayName(row as Parameters<typeof clientDisplayName>[0]),
    numero_tva: row.numero_tva ?? null,
    du: Number(row.du),
    en_retard: Number(row.en_retard),
    nb_factures: Number(row.nb_factures),
    retard_max: Number(row.retard_max),
  } as CreanceClientItem
  for (const key of AGING_BUCKET_KEYS) item[key] = Number(row[key])
  return item
}

const isoDay = (value: unknown) =>
  value instanceof Date ? isoDateInBrussels(value) : String(value)

/** A client's open factures on `today`, oldest due date first (the page of one client). */
export async function creanceFactures(
  clientId: number,
  today: string
): Promise<CreanceFactureItem[]> {
  const rows = await db
    .from('factures')
    .where('factures.client_id', clientId)
    .whereRaw(OPEN_FACTURE_SQL)
    .select(
      'factures.id',
      'factures.numero',
      db.raw(`to_char(factures.date_facture, 'YYYY-MM-DD') AS date_facture`),
      db.raw(`to_char(factures.echeance, 'YYYY-MM-DD') AS echeance`),
      'factures.total_ttc',
      db.raw(`${RESTE_SQL}::bigint AS reste`)
    )
    .orderBy('factures.echeance', 'asc')
    .orderBy('factures.id', 'asc')
  return rows.map((row) => {
    const echeance = isoDay(row.echeance)
    const days = joursRetard(echeance, today)
    return {
      id: row.id,
      numero: row.numero,
      date_facture: isoDay(row.date_facture),
      echeance,
      total_ttc: Number(row.total_ttc),
      reste: Number(row.reste),
      jours_retard: days,
      bucket: agingBucket(days),
    }
  })
}
