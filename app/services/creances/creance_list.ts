/*
 * The créances (esi/compta/creance, issue 11 §4): per client, what its open factures still ask
 * (RESTE_SQL, the one definition of « dû ») split into the aging buckets of shared/creances.ts,
 * for a given day in Brussels, less the client's credit (PAIEMENT_LIBRE_SQL): the solde. One
 * aggregated query, wrapped as a derived table so the list stack pages it by keyset like any list
 * (sort by what is due, client, oldest delay).
 */
import db from '@adonisjs/lucid/services/db'
import { preparedQuery } from '#services/prepared_query'
import { cachedByVersion } from '#services/cache/versioned_cache'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import { RESTE_SQL } from '#services/factures/reste'
import { orderedExprs, type SortColumns } from '#services/list/keyset'
import {
  filterParsers,
  parseListParams,
  whereWords,
  wordsIndexed,
  type ListParams,
} from '#services/list/list_params'
import {
  BUCKET_COLUMNS,
  bucketSums,
  bucketsOfClient,
  rowBucketColumns,
} from '#services/creances/creance_buckets'
import { dayLiteral } from '#services/sql_day'
import {
  AGING_BUCKET_KEYS,
  CREANCE_DEFAULT_SORT,
  CREANCE_SORT_KEYS,
  type AgingBucket,
  type CreanceClientItem,
  type CreanceTotals,
} from '#shared/creances'
import { clientDisplayName } from '#shared/clients'

type Query = DatabaseQueryBuilderContract<any>

/** Issued, not paid in full, not cancelled, something left (shared/factures.ts isOpen). */
export const OPEN_FACTURE_SQL = `factures.numero IS NOT NULL
  AND factures.statut IN ('emise', 'partiellement_payee') AND ${RESTE_SQL} > 0`

/** A client with no open facture (only a credit) sorts after every real delay. */
const NO_DELAY = -100_000

/** The list's columns of a client and its figures, from `c` (clients) and `cr0` (figures). */
function clientColumns(today: string, c: string, cr0: string) {
  return [
    `${c}.type`,
    `${c}.civilite`,
    `${c}.nom`,
    `${c}.prenom`,
    `${c}.societe`,
    `${c}.numero_tva`,
    `${c}.recherche`,
    db.raw(`${cr0}.du, GREATEST(${cr0}.credit, 0)::bigint AS credit, ${cr0}.solde,
        ${cr0}.nb_factures, ${cr0}.premiere_echeance,
        COALESCE(${dayLiteral(today)} - ${cr0}.premiere_echeance, ${NO_DELAY})::int AS retard_max`),
  ]
}

/**
 * One row per client owing something or holding a credit: the derived table `cr`, read from
 * client_soldes (kept by the database, decision 263), the buckets computed only for the rows a
 * page or an export reads. `solde` = what the factures ask less the credit. A search reads
 * client_soldes_recherche (decision 731): the same figures and columns, the client's search text
 * with its trigram index, and the buckets the row keeps (decision 829).
 */
function perClient(today: string, searched: boolean) {
  if (searched) {
    return db
      .from('client_soldes_recherche as r')
      .whereRaw('(r.nb_factures > 0 OR r.credit > 0)')
      .select(
        'r.client_id as id_client',
        ...clientColumns(today, 'r', 'r'),
        'r.tri_nom',
        db.raw(rowBucketColumns(today, 'r'))
      )
      .as('cr')
  }
  return (
    db
      .from('client_soldes as cr0')
      .join('clients as c', 'c.id_client', 'cr0.client_id')
      // Its open factures read once per client, as the row `b` of the bucket columns. The
      // constants are written, not bound: the prepared page keeps one plan (decision 813). The
      // buckets its client_soldes_recherche row keeps were no faster here (decision 829)
      .joinRaw(`CROSS JOIN LATERAL (${bucketsOfClient(today, 'cr0.client_id')}) b`)
      .whereRaw('(cr0.nb_factures > 0 OR cr0.credit > 0)')
      .select(
        'c.id_client',
        ...clientColumns(today, 'c', 'cr0'),
        db.raw(`f_unaccent(lower(coalesce(nullif(c.societe, ''), c.nom) || ' ' ||
        coalesce(c.prenom, ''))) AS tri_nom`),
        ...BUCKET_COLUMNS.map((col) => `b.${col}`)
      )
      .as('cr')
  )
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

/**
 * « En retard »: a client whose oldest open facture is past due on `today`. The day is written,
 * as in the buckets, so a page or totals statement has no parameter left (decision 814).
 */
function lateCondition(today: string): string {
  return `cr.premiere_echeance < ${dayLiteral(today)}`
}

/** The clients owing something on `today`, filtered as the URL says (not yet ordered). */
export function creanceQuery(params: ListParams, today: string): Query {
  const query = db.query().from(perClient(today, params.words.length > 0))
  // The constants written, not bound: the page is then prepared without parameter (decision 814)
  if (params.filter.retard) query.whereRaw(lateCondition(today))
  const tranche = params.filter.tranche as AgingBucket | undefined
  if (tranche && AGING_BUCKET_KEYS.includes(tranche)) query.whereRaw(`cr.${tranche} > 0`)
  // Words of three characters or more: the search's one plan is the trigram index's, so its
  // page is a named statement with its words bound, each pattern computed once (decision 830)
  whereWords(query, 'cr.recherche', params.words, { once: wordsIndexed(params.words) })
  return query
}

/**
 * A page of creanceQuery with the columns creanceClientItem reads, not `cr.*`: the search text
 * (`recherche`), `tri_nom` and `premiere_echeance` serve the filters and the sort only, and
 * each row sent them to be decoded, the date parsed, then dropped (decision 839).
 */
export function creancePageQuery(params: ListParams, today: string): Query {
  return creanceQuery(params, today).select(...ROW_COLUMNS.map((col) => `cr.${col}`))
}

/** How a search's page is sent (keysetPage's `prepared`): named when its words are indexed. */
export const creanceSearchPrepared = (params: ListParams) =>
  wordsIndexed(params.words) ? ('bound' as const) : true

const TOTAL_COLUMNS = ['du', 'credit', 'solde', 'nb_factures'] as const

/** What only the page's rows show, read by key after the limit (decision 833). */
const SHOWN_COLUMNS = ['type', 'civilite', 'nom', 'prenom', 'societe', 'numero_tva']
/** A row's client and figures: what a search's matches and a page's rows both carry. */
const FIGURE_COLUMNS = ['id_client', ...TOTAL_COLUMNS, 'retard_max']
/** What creanceClientItem reads of a row. */
const ROW_COLUMNS = [...FIGURE_COLUMNS, ...SHOWN_COLUMNS, ...BUCKET_COLUMNS]

/**
 * The one-row parts of the totals of what the filters select (the row on top of the page): the
 * client figures from client_soldes, the buckets from the open factures themselves (of the
 * selected clients `m` when something is filtered). Column names start with `prefix`.
 */
function totalsParts(params: ListParams, today: string, prefix = '') {
  const sumsOf = (cols: readonly string[]) =>
    cols.map((col) => `COALESCE(sum(cr.${col}), 0)::bigint AS ${prefix}${col}`).join(', ')
  // (bucketSums checks `today` before writing it into the SQL)
  const bucketColumns = (amount: string, echeance: string) =>
    bucketSums(today, amount, echeance, prefix)
  // « En retard » alone selects the clients with an overdue facture: the others' open factures
  // are all « non échu », so only that bucket differs from the whole (their du is subtracted)
  const searched = params.words.length > 0
  const lateOnly = Boolean(params.filter.retard && !params.filter.tranche && !searched)
  const filtered = !lateOnly && Boolean(params.filter.tranche || searched)
  // A search or a bucket: the selected clients once (`m`), their sums from it (decision 663).
  // A search's `m` carries its clients' buckets, summed beside (decisions 731, 829); a bucket's
  // buckets are read from its clients' open factures. Otherwise the buckets come from the
  // figures kept per due date (migration 0556) and the clients' sums from those kept per oldest
  // due date (client_soldes_jour, decision 560): about a thousand rows, not one per client.
  const clients = filtered
    ? db
        .from('m as cr')
        .select(
          db.raw(
            [
              sumsOf(TOTAL_COLUMNS),
              `count(*)::int AS ${prefix}nb_clients`,
              ...(searched ? [sumsOf(BUCKET_COLUMNS)] : []),
            ].join(', ')
          )
        )
    : db
        .from('client_soldes_jour as cr')
        .if(params.filter.retard, (q) => q.whereRaw(lateCondition(today)))
        .select(
          db.raw(`${sumsOf(TOTAL_COLUMNS)}, COALESCE(sum(cr.n), 0)::int AS ${prefix}nb_clients`)
        )
  const parts: Query[] = [clients]
  if (!searched) {
    parts.push(
      filtered
        ? db
            .from('factures')
            .whereRaw(OPEN_FACTURE_SQL)
            .whereRaw('factures.client_id IN (SELECT m.id_client FROM m)')
            .select(db.raw(bucketColumns(RESTE_SQL, 'factures.echeance')))
        : db.from('creance_echeances as e').select(db.raw(bucketColumns('e.du', 'e.echeance')))
    )
  }
  if (lateOnly) {
    parts.push(
      db
        .from('client_soldes_jour')
        .where('premiere_echeance', '>=', today)
        .select(db.raw(`COALESCE(sum(du_factures), 0)::bigint AS ${prefix}du_pas_en_retard`))
    )
  }
  return { filtered, lateOnly, parts: parts.map((part) => part.toSQL()) }
}

/** The totals of a row carrying the parts' columns (named with `prefix`). */
function totalsOfRow(row: Record<string, any> | undefined, lateOnly: boolean, prefix = '') {
  const value = (col: string) => Number(row?.[`${prefix}${col}`] ?? 0)
  const totals = { nb_clients: value('nb_clients') } as CreanceTotals
  for (const col of TOTAL_COLUMNS) totals[col] = value(col)
  for (const col of BUCKET_COLUMNS) totals[col] = value(col)
  if (lateOnly) totals.non_echu -= value('du_pas_en_retard')
  return totals
}

/** What `m` holds for the totals besides the figures: a search's buckets (decision 829). */
const searchBuckets = (params: ListParams) =>
  params.words.length ? BUCKET_COLUMNS.map((col) => `cr.${col}`) : []

type TotalsStatement = { sql: string; bindings: unknown[]; lateOnly: boolean }

/**
 * The statement of an unfiltered visit's totals (or « en retard » alone) depends only on the day:
 * built once per day and kept (building it was 5 % of a visit's CPU, decision 783).
 */
const keptTotals = { day: '', statements: new Map<string, TotalsStatement>() }

/**
 * The totals read only from the sums kept per due date and per oldest due date (neither a
 * search nor a bucket: totalsParts' `filtered` is false), « en retard » or not: the key their
 * statement and their figures are kept under; null for the others.
 */
export function creanceTotalsKey(params: ListParams, today: string): string | null {
  return params.words.length || params.filter.tranche
    ? null
    : `${today}|${Boolean(params.filter.retard)}`
}

/** The one statement of the totals of what the filters select. */
export function creanceTotalsStatement(params: ListParams, today: string): TotalsStatement {
  const key = creanceTotalsKey(params, today)
  const kept = key !== null && keptTotals.day === today && keptTotals.statements.get(key)
  if (kept) return kept
  const { filtered, lateOnly, parts } = totalsParts(params, today)
  const m = filtered
    ? creanceQuery(params, today)
        .select(
          'cr.id_client',
          ...TOTAL_COLUMNS.map((col) => `cr.${col}`),
          ...searchBuckets(params)
        )
        .toSQL()
    : null
  // Each part is one aggregated row: one statement for all of them
  const statement = {
    sql: `${m ? `WITH m AS MATERIALIZED (${m.sql}) ` : ''}SELECT * FROM ${parts
      .map((c, i) => `(${c.sql}) AS t${i}`)
      .join(' CROSS JOIN ')}`,
    bindings: [...(m?.bindings ?? []), ...parts.flatMap((c) => c.bindings)],
    lateOnly,
  }
  if (key !== null) {
    if (keptTotals.day !== today) keptTotals.statements.clear()
    keptTotals.day = today
    keptTotals.statements.set(key, statement)
  }
  return statement
}

/**
 * The totals of what the filters select, in one statement. Those of creanceTotalsKey are kept
 * between visits per day while neither of their two tables was written (`creances_totaux`,
 * migration 0928, decision 824): the page is then its rows alone.
 */
export function creanceTotals(params: ListParams, today: string): Promise<CreanceTotals> {
  const read = async () => {
    const { sql, bindings, lateOnly } = creanceTotalsStatement(params, today)
    // A search of a shorter word stays unnamed, as its page (decision 830)
    const result =
      params.words.length && !wordsIndexed(params.words)
        ? await db.rawQuery(sql, bindings as any[])
        : await preparedQuery(db.connection(), sql, bindings)
    return totalsOfRow(result.rows[0], lateOnly)
  }
  const key = creanceTotalsKey(params, today)
  return key === null ? read() : cachedByVersion('creances_totaux', key, read)
}

/**
 * What a search's matches carry (`m`): the figures its totals sum and the keys of its sort (a
 * text key only when sorted by it). The page takes its rows from them, and only those rows
 * read the other columns they show (SHOWN_COLUMNS).
 */
function matchColumns(params: ListParams): string[] {
  // Each key reads `cr.<column>`
  const keys = orderedExprs(params.sort, CREANCE_SORT_COLUMNS).map((e) => e.sql.slice(3))
  return [...new Set([...FIGURE_COLUMNS, ...BUCKET_COLUMNS, ...keys])]
}

/** Where the search page's rows carry the totals (columns prefixed so, decision 706). */
const TOTALS_PREFIX = '__t_'

/**
 * The page of a search with its totals, in one statement (decision 706): the matching clients
 * once (`m`: their sort keys and figures, the buckets their rows keep, decision 829), their
 * totals from it, the page's rows sorted and cut from it, then the names of those rows only
 * (`around` the page, decision 833: the 1 666 matches of « dupont » no longer carry seven text
 * columns through the sort). `query` is the page, `around` what keysetPage puts around it.
 */
export function creanceSearchQuery(params: ListParams, today: string) {
  // Its `m` carries the buckets of client_soldes_recherche: a search only
  if (!params.words.length) throw new Error('creanceSearchQuery: a search only')
  const { parts } = totalsParts(params, today, TOTALS_PREFIX)
  return {
    query: () => db.query().from('m as cr').select('cr.*'),
    around: (page: Query) => {
      const m = creanceQuery(params, today).select(...matchColumns(params).map((c) => `cr.${c}`))
      const outer = db
        .query()
        .withMaterialized('m', m)
        .from(page)
        .join('client_soldes_recherche as r', 'r.client_id', 'cr.id_client')
      for (const [i, part] of parts.entries()) {
        outer.joinRaw(`CROSS JOIN (${part.sql}) AS t${i}`, part.bindings as any[])
      }
      return outer.select(
        'cr.*',
        ...SHOWN_COLUMNS.map((col) => `r.${col}`),
        ...parts.map((_, i) => `t${i}.*`)
      )
    },
  }
}

/** The totals a page of creanceSearchQuery carries (its first row), null for an empty page. */
export function creanceSearchTotals(rows: Record<string, any>[]): CreanceTotals | null {
  return rows.length ? totalsOfRow(rows[0], false, TOTALS_PREFIX) : null
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
