/*
 * One list request from end to end (reference §C3): the page by keyset (keysetPage), the count
 * (estimated, then exact when small: app/services/list/list_count.ts), the rows shaped and the
 * URL's warnings. Every list page goes through listPage.
 */
import db from '@adonisjs/lucid/services/db'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { ListPage } from '#shared/list_query'
import type { ListParams } from '#services/list/list_params'
import {
  cappedCount,
  exactCount,
  planCount,
  EXACT_COUNT_LIMIT,
  SEARCH_EXACT_COUNT_LIMIT,
} from '#services/list/list_count'
import {
  keysetPage,
  type KeysetPage,
  type ListQuery,
  type PageAround,
  type SortColumns,
} from '#services/list/keyset'

/**
 * One list request from end to end (every list page goes through here): the page by keyset in
 * the order of `params.sort`, the count (estimated, then exact when small), the rows shaped by
 * `map`, and the warnings of the URL (plus a stale cursor's). `scoped`: the query keeps only
 * part of the table even without a filter (the user's own rows), so the table size is no
 * estimate of it.
 */
export async function listPage<Raw, Row>(
  params: ListParams,
  options: {
    query: () => ListQuery
    /** The rows to count when cheaper than `query` (no joins); `query` by default. */
    count?: () => ListQuery
    columns: SortColumns
    table: string
    map: (row: Raw) => Row
    scoped?: boolean
    /** The count when the page already has it (a totals row), instead of counting again. */
    total?: Promise<{ count: number; exact: boolean }>
    /** The count from the page's own rows (they carry it), instead of counting again. */
    totalOf?: (rows: Raw[]) => Promise<{ count: number; exact: boolean }>
    /**
     * The page when its rows are to be counted exactly (decision 771): the same rows, each
     * carrying the count of all of them as `__total`, read in one statement, with what keysetPage
     * puts `around` it and how it is sent when they differ from the list's (decision 845). The
     * plan is asked first; an estimated count keeps `query`.
     */
    counted?: () => CountedPage
    /**
     * The page when its rows are too many to count (the planner's estimate is shown), and how it
     * is sent when that differs from the list's (decision 846). Read where the plan is asked
     * first: with `counted`, or a prepared page counted inline.
     */
    estimated?: () => CountedPage
    /**
     * The page as a named prepared statement: a plain query only (decision 813); counted
     * exactly, it carries its count (decision 826). `bound`: named with its bound values too
     * (decision 830).
     */
    prepared?: boolean | 'bound'
    /** A query around the page, after its limit (keysetPage's `around`, decision 833). */
    around?: PageAround
  }
): Promise<{ list: ListPage<Row>; warnings: string[] }> {
  const filtered =
    Boolean(options.scoped) || Object.keys(params.filter).length > 0 || params.words.length > 0
  const limit = params.words.length ? SEARCH_EXACT_COUNT_LIMIT : EXACT_COUNT_LIMIT
  const { totalOf } = options
  const countedPage = options.counted?.()
  // A plain page (prepared) whose rows are counted exactly carries the count: the counting
  // query as a sub-query of its select list, which PostgreSQL runs once (an InitPlan), by its
  // own plan (decision 826). One statement where the page and the count were two.
  const inline = options.prepared && !totalOf && !options.total
  if (countedPage || inline) {
    const plan = await planCount(options.count ?? options.query, options.table, filtered, limit)
    const withCount = (): ListQuery => {
      const { sql, bindings } = plan.sql()
      return (options.query() as DatabaseQueryBuilderContract<any>).select(
        db.raw(`(SELECT count(*)::int FROM (${sql}) AS rows) AS __total`, bindings as any[])
      )
    }
    const own = plan.exact ? countedPage : options.estimated?.()
    const page = await keysetPage<Raw & { __total?: number }>({
      build: own?.query ?? (plan.exact ? withCount : options.query),
      sort: params.sort,
      columns: options.columns,
      position: params.position,
      perPage: params.perPage,
      prepared: own?.prepared ?? options.prepared,
      around: own ? own.around : options.around,
    })
    // No row (no match, a cursor past the end) carries the count: it is counted on its own
    const total = !plan.exact
      ? { count: plan.estimate, exact: false }
      : page.rows.length
        ? { count: Number(page.rows[0].__total), exact: true }
        : { count: await exactCount(plan.sql), exact: true }
    for (const row of page.rows) delete row.__total
    return listResult(params, options.map, page, total)
  }
  const [page, counted] = await Promise.all([
    keysetPage<Raw>({
      build: options.query,
      sort: params.sort,
      columns: options.columns,
      position: params.position,
      perPage: params.perPage,
      prepared: options.prepared,
      around: options.around,
    }),
    totalOf
      ? null
      : (options.total ??
        cappedCount(options.count ?? options.query, options.table, filtered, limit)),
  ])
  const total = totalOf ? await totalOf(page.rows) : counted!
  return listResult(params, options.map, page, total)
}

/**
 * listPage's `counted` (a page whose rows carry their count) or `estimated` page: its query, and
 * how it is read and sent.
 */
export interface CountedPage {
  query: () => ListQuery
  around?: PageAround
  prepared?: boolean | 'bound'
}

/** What listPage answers: the rows shaped, the cursors, the count, the URL's warnings. */
function listResult<Raw, Row>(
  params: ListParams,
  map: (row: Raw) => Row,
  page: KeysetPage<Raw> & { invalidCursor: boolean },
  total: { count: number; exact: boolean }
): { list: ListPage<Row>; warnings: string[] } {
  const warnings = page.invalidCursor
    ? [...params.warnings, 'Position dans la liste invalide : retour à la première page.']
    : params.warnings
  return {
    list: {
      data: page.rows.map(map),
      next: page.next,
      prev: page.prev,
      total,
      per_page: params.perPage,
    },
    warnings,
  }
}
