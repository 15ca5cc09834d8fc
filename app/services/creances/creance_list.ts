/*
 * The créances (esi/compta/creance, issue 11 §4): per client, what its open factures still ask
 * (RESTE_SQL, the one definition of « dû ») split into the aging buckets of shared/creances.ts,
 * for a given day in Brussels, less the client's credit (PAIEMENT_LIBRE_SQL): the solde. One
 * aggregated query, wrapped as a derived table so the list stack pages it by keyset like any list
 * (sort by what is due, client, oldest delay).
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

/** The SQL of agingBucket() on a days-late expression, from the same boundaries. */
function bucketCondition(key: AgingBucket, retard: string): string {
  const index = AGING_BUCKETS.findIndex((b) => b.key === key)
  const upper = AGING_BUCKETS[index].maxDays
  const lower = index > 0 ? AGING_BUCKETS[index - 1].maxDays : null
  const parts = [
    lower === null ? null : `${retard} > ${lower}`,
    upper === null ? null : `${retard} <= ${upper}`,
  ].filter(Boolean)
  return parts.length ? parts.join(' AND ') : 'TRUE'
}

/** A client's open factures (alias `o`), by the partial index factures_client_ouvertes_idx. */
const OPEN_OF_CLIENT = `FROM factures o WHERE o.client_id = cr0.client_id
  AND o.numero IS NOT NULL AND o.statut IN ('emise', 'partiellement_payee')
  AND o.total_ttc - o.montant_paye - o.montant_credite > 0`

const O_RESTE = '(o.total_ttc - o.montant_paye - o.montant_credite)'

/** What the client's open factures ask in each bucket (and late), computed for one row. */
function bucketColumns(today: string) {
  const retard = `(DATE '${today}' - o.echeance)`
  const sum = (cond: string) =>
    `COALESCE((SELECT sum(${O_RESTE}) ${OPEN_OF_CLIENT} AND ${cond}), 0)`
  return [
    `${sum(`${retard} > 0`)}::bigint AS en_retard`,
    ...AGING_BUCKET_KEYS.map((key) => `${sum(bucketCondition(key, retard))}::bigint AS ${key}`),
  ].join(',\n      ')
}

/** `today` goes into the SQL as a literal (it is ours, never the URL's): an ISO day only. */
function checkDay(today: string) {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today)) throw new Error(`Bad day: ${today}`)
}

/** A client with no open facture (only a credit) sorts after every real delay. */
const NO_DELAY = -100_000

/**
 * One row per client owing something or holding a credit: the derived table `cr`, read from
 * client_soldes (kept by the database, decision 263), the buckets computed only for the rows a
 * page or an export reads. `solde` = what the factures ask less the credit.
 */
function perClient(today: string, searched: boolean) {
  checkDay(today)
  const owing = (q: Query) => q.where('cr0.nb_factures', '>', 0).orWhere('cr0.credit', '>', 0)
  // A search starts from the clients its trigram index finds and reads their client_soldes row
  // by key (decision 662): joined, the planner hashed all 100 000 rows of client_soldes for a
  // thousand clients. OFFSET 0 keeps the lateral subquery a per-client lookup.
  const from = searched
    ? db.from('clients as c').joinRaw(
        `CROSS JOIN LATERAL (SELECT * FROM client_soldes s WHERE s.client_id = c.id_client
            AND (s.nb_factures > 0 OR s.credit > 0) OFFSET 0) AS cr0`
      )
    : db
        .from('client_soldes as cr0')
        .join('clients as c', 'c.id_client', 'cr0.client_id')
        .where(owing)
  return from
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
      db.raw(`cr0.du, GREATEST(cr0.credit, 0)::bigint AS credit, cr0.solde,
        cr0.nb_factures, cr0.premiere_echeance,
        COALESCE(DATE '${today}' - cr0.premiere_echeance, ${NO_DELAY})::int AS retard_max,
        ${bucketColumns(today)}`)
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
  const query = db.query().from(perClient(today, params.words.length > 0))
  if (params.filter.retard) query.where('cr.premiere_echeance', '<', today)
  const tranche = params.filter.tranche as AgingBucket | undefined
  if (tranche && AGING_BUCKET_KEYS.includes(tranche)) query.where(`cr.${tranche}`, '>', 0)
  whereWords(query, 'cr.recherche', params.words)
  return query
}

/**
 * The totals of what the filters select (the row on top of the page): the client figures from
 * client_soldes, the buckets from the open factures themselves (of the selected clients when
 * something is filtered), each in one statement.
 */
export async function creanceTotals(params: ListParams, today: string): Promise<CreanceTotals> {
  const columns = ['du', 'credit', 'solde', 'nb_factures'] as const
  const sums = columns.map((col) => `COALESCE(sum(cr.${col}), 0)::bigint AS ${col}`).join(', ')
  checkDay(today)
  /** The buckets' sums of `amount` by the due date `echeance` (columns of the FROM). */
  const bucketSums = (amount: string, echeance: string) => {
    const retard = `(DATE '${today}' - ${echeance})`
    return [
      `COALESCE(sum(${amount}) FILTER (WHERE ${retard} > 0), 0)::bigint AS en_retard`,
      ...AGING_BUCKET_KEYS.map(
        (key) =>
          `COALESCE(sum(${amount}) FILTER (WHERE ${bucketCondition(key, retard)}), 0)::bigint AS ${key}`
      ),
    ].join(', ')
  }
  // « En retard » alone selects the clients with an overdue facture: the others' open factures
  // are all « non échu », so only that bucket differs from the whole (their du is subtracted)
  const lateOnly = Boolean(params.filter.retard && !params.filter.tranche && !params.words.length)
  const filtered = !lateOnly && Boolean(params.filter.tranche || params.words.length)
  // A search or a bucket: the selected clients once (`m`), their sums and their open factures'
  // buckets from it (decision 663). Otherwise the buckets come from the figures kept per due
  // date (migration 0556) and the clients' sums from those kept per oldest due date
  // (client_soldes_jour, decision 560): about a thousand rows, not one per client.
  const selected = filtered
    ? creanceQuery(params, today).select('cr.id_client', ...columns.map((col) => `cr.${col}`))
    : null
  const buckets = selected
    ? db
        .from('factures')
        .whereRaw(OPEN_FACTURE_SQL)
        .whereRaw('factures.client_id IN (SELECT m.id_client FROM m)')
        .select(db.raw(bucketSums(RESTE_SQL, 'factures.echeance')))
    : db.from('creance_echeances as e').select(db.raw(bucketSums('e.du', 'e.echeance')))
  const clients = selected
    ? db.from('m as cr').select(db.raw(`${sums}, count(*)::int AS nb_clients`))
    : db
        .from('client_soldes_jour as cr')
        .if(params.filter.retard, (q) => q.where('cr.premiere_echeance', '<', today))
        .select(db.raw(`${sums}, COALESCE(sum(cr.n), 0)::int AS nb_clients`))
  const parts: Query[] = [clients, buckets]
  if (lateOnly) {
    parts.push(
      db
        .from('client_soldes_jour')
        .where('premiere_echeance', '>=', today)
        .select(db.raw('COALESCE(sum(du_factures), 0)::bigint AS du_pas_en_retard'))
    )
  }
  // Each part is one aggregated row: one statement for all of them
  const m = selected?.toSQL()
  const compiled = parts.map((part) => part.toSQL())
  const result = await db.rawQuery(
    `${m ? `WITH m AS MATERIALIZED (${m.sql}) ` : ''}SELECT * FROM ${compiled
      .map((c, i) => `(${c.sql}) AS t${i}`)
      .join(' CROSS JOIN ')}`,
    [...(m?.bindings ?? []), ...compiled.flatMap((c) => c.bindings)] as any[]
  )
  const row = result.rows[0]
  const totals = { nb_clients: Number(row?.nb_clients ?? 0) } as CreanceTotals
  for (const col of columns) totals[col] = Number(row?.[col] ?? 0)
  for (const col of ['en_retard', ...AGING_BUCKET_KEYS] as const) {
    totals[col] = Number(row?.[col] ?? 0)
  }
  if (lateOnly) totals.non_echu -= Number(row?.du_pas_en_retard ?? 0)
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
