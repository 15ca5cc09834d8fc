/*
 * The créances (esi/compta/creance, issue 11 §4): per client, what its open factures still ask
 * (RESTE_SQL, the one definition of « dû ») split into the aging buckets of shared/creances.ts,
 * for a given day in Brussels, less the client's credit (PAIEMENT_LIBRE_SQL): the solde. One
 * aggregated query, wrapped as a derived table so the list stack pages it by keyset like any list
 * (sort by what is due, client, oldest delay).
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { PAIEMENT_LIBRE_SQL, RESTE_SQL } from '#services/factures/reste'
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

/** A client with no open facture (only a credit) sorts after every real delay. */
const NO_DELAY = -100_000

/**
 * One row per client owing something on `today` or holding a credit: the derived table `cr`.
 * The open factures (reste, days late) and the payments' unallocated amounts are one UNION ALL
 * aggregated once per client; `solde` = what the factures ask less the credit.
 */
function perClient(today: string) {
  const open = db
    .from('factures')
    .whereRaw(OPEN_FACTURE_SQL)
    .select(
      'factures.client_id',
      db.raw(`${RESTE_SQL} AS reste`),
      db.raw(`(?::date - factures.echeance) AS retard`, [today]),
      db.raw('0::bigint AS credit')
    )
  const credits = db
    .from('paiements')
    .whereRaw(`${PAIEMENT_LIBRE_SQL} <> 0`)
    .select(
      'paiements.client_id',
      db.raw('NULL::bigint AS reste'),
      db.raw('NULL::int AS retard'),
      db.raw(`${PAIEMENT_LIBRE_SQL} AS credit`)
    )
  const movements = db.query().from(open.unionAll(credits, true).as('m')).select('m.*').as('f')
  return db
    .from(movements)
    .join('clients as c', 'c.id_client', 'f.client_id')
    .groupBy('c.id_client')
    .havingRaw('count(f.reste) > 0 OR sum(f.credit) > 0')
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
      db.raw(`COALESCE(sum(f.reste), 0)::bigint AS du,
        GREATEST(sum(f.credit), 0)::bigint AS credit,
        (COALESCE(sum(f.reste), 0) - GREATEST(sum(f.credit), 0))::bigint AS solde,
        COALESCE(sum(f.reste) FILTER (WHERE f.retard > 0), 0)::bigint AS en_retard,
        count(f.reste)::int AS nb_factures,
        COALESCE(max(f.retard), ${NO_DELAY})::int AS retard_max,
        ${bucketSums}`)
    )
    .as('cr')
}

export const CREANCE_SORT_COLUMNS: SortColumns = {
  keys: {
    du: [{ sql: 'cr.solde', cast: 'bigint' }],
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
  const columns = ['du', 'credit', 'solde', 'en_retard', 'nb_factures', ...AGING_BUCKET_KEYS]
  const sums = columns.map((col) => `COALESCE(sum(cr.${col}), 0)::bigint AS ${col}`).join(', ')
  const row = await creanceQuery(params, today)
    .select(db.raw(`${sums}, count(*)::int AS nb_clients`))
    .first()
  const totals = { nb_clients: Number(row?.nb_clients ?? 0) } as CreanceTotals
  for (const col of columns as (keyof CreanceTotals)[]) {
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
    credit: Number(row.credit),
    solde: Number(row.solde),
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
