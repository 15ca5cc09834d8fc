/*
 * How many rows a list page says it has (reference §C3: no count(*) of 100 000 rows on every
 * page): the planner's estimate first, an exact count only when it expects few rows. Used by
 * listPage (app/services/list/list_page.ts).
 */
import db from '@adonisjs/lucid/services/db'
import { preparedQuery } from '#services/prepared_query'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { ListQuery } from '#services/list/keyset'

// Both builders have the methods used here; one cast instead of one per call
type Query = DatabaseQueryBuilderContract<any>

/** Up to this many expected rows, a list is counted exactly; beyond, it gets an estimate. */
export const EXACT_COUNT_LIMIT = 5_000

/**
 * The same for a text search (decision 660): its count visits every matching row's page to
 * recheck the trigram match, a few ms per thousand rows, more than the rest of the request.
 */
export const SEARCH_EXACT_COUNT_LIMIT = 1_000

/** How long the planner's row count of a table is kept in the process (decision 543). */
export const TABLE_ESTIMATE_TTL_MS = 60_000
const estimates: KeptEstimates = new Map()

/**
 * The plan's row estimate of a filtered list, kept as the table's is (decision 760): it moves
 * only with ANALYZE, yet a search or a filter paid an `EXPLAIN` (a round trip and a planning) on
 * every visit. Keyed by the exact SQL and bindings, so each filter, search and scope has its own;
 * at most PLAN_ESTIMATES_KEPT (the URL's words make the keys), the oldest out first.
 */
export const PLAN_ESTIMATES_KEPT = 1_000
const planEstimates: KeptEstimates = new Map()

/** Forgets the kept row counts (after an ANALYZE that must show at once: tests, volume loads). */
export function forgetTableEstimates(): void {
  estimates.clear()
  planEstimates.clear()
}

export type KeptEstimates = Map<string, { at: number; value: Promise<number> }>

/**
 * `read()` kept a minute under `key`, shared by concurrent requests; a failed read is not kept;
 * beyond `max` keys the oldest goes. Exported for its test.
 */
export function keptEstimate(
  map: KeptEstimates,
  key: string,
  read: () => Promise<number>,
  max = Number.POSITIVE_INFINITY
): Promise<number> {
  const now = Date.now()
  const hit = map.get(key)
  if (hit && now - hit.at < TABLE_ESTIMATE_TTL_MS) return hit.value
  const value = read()
  // Re-inserted: the Map's order is then the oldest first
  map.delete(key)
  map.set(key, { at: now, value })
  if (map.size > max) map.delete(map.keys().next().value!)
  value.catch(() => {
    if (map.get(key)?.value === value) map.delete(key)
  })
  return value
}

/**
 * The planner's row count of a table (pg_class.reltuples, moved only by VACUUM/ANALYZE), kept
 * a minute: an unfiltered list visit no longer asks for it. Only a count above
 * EXACT_COUNT_LIMIT is shown as such (« environ »); below, the rows are counted anyway.
 */
function tableEstimate(table: string): Promise<number> {
  return keptEstimate(estimates, table, () =>
    db
      .from('pg_class')
      .where('relname', table)
      .select('reltuples')
      .first()
      .then((row) => Math.round(Number(row?.reltuples ?? 0)))
  )
}

/** The plan's row estimate of a query (EXPLAIN: planned, never run), kept (decision 760). */
function planEstimate(sql: string, bindings: readonly unknown[]): Promise<number> {
  return keptEstimate(
    planEstimates,
    JSON.stringify([sql, bindings]),
    async () => {
      const plan = await db.rawQuery(`EXPLAIN (FORMAT JSON) ${sql}`, bindings as any[])
      return Math.round(Number(plan.rows?.[0]?.['QUERY PLAN']?.[0]?.Plan?.['Plan Rows'] ?? 0))
    },
    PLAN_ESTIMATES_KEPT
  )
}

/** The counting form of a list's query: the same query with its bindings, selecting nothing. */
type CountingSql = { sql: string; bindings: readonly unknown[] }

/**
 * Whether the rows of `build` are counted exactly, and the planner's estimate (the first half of
 * cappedCount): the table's row count for an unfiltered list (or a small table), else the row
 * estimate of the filtered query's plan (EXPLAIN: planned, never run). `sql` is the counting
 * query, built only when the planner or a count needs it (an unfiltered large table needs
 * neither).
 */
export async function planCount(
  build: () => ListQuery,
  table: string,
  filtered: boolean,
  limit: number = EXACT_COUNT_LIMIT
): Promise<{ estimate: number; exact: boolean; sql: () => CountingSql }> {
  let compiled: CountingSql | undefined
  const sql = () => (compiled ??= (build() as Query).clearSelect().select(db.raw('1')).toSQL())
  let estimate: number
  // A filter keeps part of the table: a small table (its row count known) is counted directly
  const tableRows = filtered ? await tableEstimate(table) : null
  if (tableRows !== null && tableRows >= 0 && tableRows <= EXACT_COUNT_LIMIT) {
    estimate = tableRows
  } else if (filtered) {
    const { sql: text, bindings } = sql()
    estimate = await planEstimate(text, bindings)
  } else {
    estimate = await tableEstimate(table)
  }
  return { estimate, exact: estimate <= limit, sql }
}

/**
 * The exact count of a planned count (its counting query run). With no parameter left (a
 * filter whose constants are written: the late commandes, the late factures) it is a named
 * statement whose plan each connection keeps, as the page's (decisions 814, 825): planning it
 * cost five times running it. A count that binds a value stays unnamed, for the same reason as
 * a page (a generic plan does not see the value a partial index names).
 */
export async function exactCount(sql: () => CountingSql): Promise<number> {
  const { sql: text, bindings } = sql()
  const counting = `SELECT count(*)::int AS n FROM (${text}) AS rows`
  const counted = bindings.length
    ? await db.rawQuery(counting, [...(bindings as any[])])
    : await preparedQuery(db.connection(), counting, [])
  return Number(counted.rows[0].n)
}

/**
 * How many rows match (reference §C3: no count(*) of 100 000 rows on every page). The planner
 * is asked first (planCount; its estimates kept a minute, decisions 543, 760). When it expects at most `limit` rows (EXACT_COUNT_LIMIT,
 * SEARCH_EXACT_COUNT_LIMIT for a search), they are counted (through the filter's index); beyond,
 * the estimate is returned with `exact: false` and the page says « environ ».
 * (A capped `count(*) … LIMIT n` was tried first: with a LIMIT the planner prefers a sequential
 * scan that stops early, which for a search is 7 times slower than the trigram bitmap.)
 */
export async function cappedCount(
  build: () => ListQuery,
  table: string,
  filtered: boolean,
  limit: number = EXACT_COUNT_LIMIT
): Promise<{ count: number; exact: boolean }> {
  const plan = await planCount(build, table, filtered, limit)
  if (!plan.exact) return { count: plan.estimate, exact: false }
  return { count: await exactCount(plan.sql), exact: true }
}
