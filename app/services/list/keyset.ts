/*
 * Keyset pagination (reference §C3): a page is "the n rows after (or before) this row in the
 * sort order", found through the index of the sort, so the last page costs what the first does.
 * The position travels as an opaque cursor: the sort it belongs to and the row's sort values.
 */
import db from '@adonisjs/lucid/services/db'
import { preparedQuery } from '#services/prepared_query'
import type { DatabaseQueryBuilderContract } from '@adonisjs/lucid/types/querybuilder'
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import { sortToString, type ListPosition, type SortKey } from '#shared/list_query'

export type SqlCast = 'text' | 'bigint' | 'integer' | 'date' | 'timestamptz' | 'boolean'

/** One sort expression: trusted SQL from the code (never from the request) and its type. */
export interface SortExpr {
  sql: string
  cast: SqlCast
}

/** What each allowed sort key orders by (e.g. nom → nom then prénom), plus the unique tiebreak. */
export interface SortColumns {
  keys: Record<string, SortExpr[]>
  tiebreak: SortExpr
}

/**
 * The query of a list: a plain query builder (rows are objects) or a model query (rows are model
 * instances, the sort values then land in `$extras`).
 */
export type ListQuery =
  DatabaseQueryBuilderContract<any> | ModelQueryBuilderContract<LucidModel, any>
// Both builders have the methods used here; one cast instead of one per call
type Query = DatabaseQueryBuilderContract<any>

export interface KeysetPage<Row> {
  rows: Row[]
  /** Cursor of the last row when a next page exists. */
  next: string | null
  /** Cursor of the first row when a previous page exists. */
  prev: string | null
}

export interface OrderedExpr extends SortExpr {
  desc: boolean
}

/** The expressions of a sort in order, each once, ending with the tiebreak in the last direction. */
export function orderedExprs(sort: SortKey[], columns: SortColumns): OrderedExpr[] {
  const out: OrderedExpr[] = []
  for (const { key, desc } of sort) {
    for (const expr of columns.keys[key] ?? []) {
      if (!out.some((o) => o.sql === expr.sql)) out.push({ ...expr, desc })
    }
  }
  // Same direction as the last key: a one-key sort is then one index walked either way
  out.push({ ...columns.tiebreak, desc: out.length ? out[out.length - 1].desc : false })
  return out
}

/** A real calendar day and time of day (PostgreSQL refuses "2026-13-45" with a 500). */
function realDate(text: string): boolean {
  const m =
    /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(?:[+-](\d{2}))?)?/.exec(text)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const day = new Date(0)
  day.setUTCFullYear(y, mo - 1, d)
  const dateOk =
    y >= 1 && day.getUTCFullYear() === y && day.getUTCMonth() === mo - 1 && day.getUTCDate() === d
  const timeOk =
    m[4] === undefined ||
    (Number(m[4]) < 24 && Number(m[5]) < 60 && Number(m[6]) < 60 && Number(m[7] ?? 0) <= 15)
  return dateOk && timeOk
}

const CAST_CHECKS: Record<SqlCast, (v: unknown) => boolean> = {
  text: (v) => typeof v === 'string' && v.length <= 1000,
  bigint: (v) => typeof v === 'string' && /^-?\d{1,18}$/.test(v),
  integer: (v) => typeof v === 'string' && /^-?\d{1,9}$/.test(v),
  // A calendar date as PostgreSQL prints it: "2026-05-01"
  date: (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) && realDate(v),
  // As PostgreSQL prints it (microseconds kept): "2026-05-01 10:00:00.123456+00"
  timestamptz: (v) =>
    typeof v === 'string' &&
    /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:\d{2}){0,2}|Z)$/.test(v) &&
    realDate(v),
  boolean: (v) => typeof v === 'string' && (v === 'true' || v === 'false'),
}

export function encodeCursor(sort: SortKey[], values: unknown[]): string {
  return Buffer.from(JSON.stringify([sortToString(sort), ...values.map(String)])).toString(
    'base64url'
  )
}

/** The values of a cursor, or null when it is not one of this sort (tampered, stale, garbage). */
export function decodeCursor(cursor: string, sort: SortKey[], exprs: SortExpr[]): string[] | null {
  if (cursor.length > 4000 || !/^[A-Za-z0-9_-]+$/.test(cursor)) return null
  let parsed: unknown
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))
  } catch {
    return null
  }
  if (!Array.isArray(parsed) || parsed.length !== exprs.length + 1) return null
  if (parsed[0] !== sortToString(sort)) return null
  const values = parsed.slice(1)
  return values.every((v, i) => CAST_CHECKS[exprs[i].cast](v)) ? (values as string[]) : null
}

/**
 * Rows strictly after (or before) the cursor row in the sort order. One direction for all the
 * expressions: a row comparison the index answers. Mixed directions: the expanded OR form.
 */
function applyKeysetCondition(
  query: Query,
  exprs: OrderedExpr[],
  values: string[],
  after: boolean
) {
  const op = (desc: boolean) => (desc !== !after ? '<' : '>')
  const param = (i: number) => `?::${exprs[i].cast}`
  if (exprs.every((e) => e.desc === exprs[0].desc)) {
    const left = exprs.map((e) => e.sql).join(', ')
    const right = exprs.map((_, i) => param(i)).join(', ')
    query.whereRaw(`(${left}) ${op(exprs[0].desc)} (${right})`, values)
    return
  }
  const branches: string[] = []
  const bindings: string[] = []
  exprs.forEach((expr, i) => {
    const parts = exprs.slice(0, i).map((e, j) => `${e.sql} = ${param(j)}`)
    parts.push(`${expr.sql} ${op(expr.desc)} ${param(i)}`)
    branches.push(`(${parts.join(' AND ')})`)
    bindings.push(...values.slice(0, i + 1))
  })
  query.whereRaw(`(${branches.join(' OR ')})`, bindings)
}

function applyOrder(query: Query, exprs: OrderedExpr[], reversed: boolean) {
  for (const e of exprs) query.orderByRaw(`${e.sql} ${e.desc !== reversed ? 'DESC' : 'ASC'}`)
}

/**
 * The query of one page: the sort values selected (for the cursors), the keyset condition when
 * `after` is not null, the order (reversed to walk backwards). Exported for the EXPLAIN tests.
 */
export function pageQuery(options: {
  build: () => ListQuery
  exprs: OrderedExpr[]
  values: string[] | null
  after: boolean | null
  reversed: boolean
  limit: number
  /** The limit written into the text: a prepared page then has no parameter (decision 813). */
  literalLimit?: boolean
  around?: PageAround
}): Query {
  const { exprs, values, after, reversed } = options
  const query = options.build() as Query
  if (after !== null && values) applyKeysetCondition(query, exprs, values, after)
  applyOrder(query, exprs, reversed)
  if (options.literalLimit) {
    // One of the few page sizes (PER_PAGE_CHOICES + 1): a handful of texts per list
    query.knexQuery.limit(options.limit, { skipBinding: true })
  } else {
    query.limit(options.limit)
  }
  let outer = query
  if (options.around) {
    // The page's rows are `cr` around it, ordered again the same way (a join keeps no order)
    outer = options.around(query.as('cr'))
    applyOrder(outer, exprs, reversed)
  }
  // As text: a bigint or a timestamp (microseconds) comes back exactly as the database has it.
  // Around the page when there is one: made for its rows only, not for every row it sorts
  exprs.forEach((e, i) => outer.select(db.raw(`(${e.sql})::text AS __k${i}`)))
  return outer
}

/**
 * A query around a page (`from(page)`, its rows as `cr`): what only the page's rows need,
 * joined to them after the limit (decision 833). The page's sort expressions must read `cr`.
 */
export type PageAround = (page: Query) => Query

/**
 * A plain query's rows through a named statement when no parameter is left (decision 813): its
 * one plan is then the custom plan, kept. A page with bound values stays unnamed: a generic plan
 * cannot use a partial index whose predicate names a value it does not see (the factures late
 * filter: 0.07 → 6–12 ms), and PostgreSQL's cost comparison did not notice. `bound`: a page
 * whose values no plan depends on (the créances search, decision 830) is named all the same.
 */
async function preparedRows(query: Query, bound: boolean): Promise<Record<string, any>[]> {
  const { sql, bindings } = query.toSQL()
  const { rows } =
    bindings.length && !bound
      ? await query.client.rawQuery(sql, bindings as any[])
      : await preparedQuery(query.client, sql, bindings)
  return rows
}

/**
 * One page of `build()` (a query already filtered and selecting the displayed columns) in the
 * order of `sort`. An invalid cursor is treated as the first page and reported by `invalid`.
 */
export async function keysetPage<Row>(options: {
  build: () => ListQuery
  sort: SortKey[]
  columns: SortColumns
  position: ListPosition
  perPage: number
  /**
   * A plain query (no model) sent as a named prepared statement (decision 813) when no value is
   * bound; `bound`: even with its bound values (decision 830).
   */
  prepared?: boolean | 'bound'
  around?: PageAround
}): Promise<KeysetPage<Row> & { invalidCursor: boolean }> {
  const { build, sort, columns, perPage } = options
  const exprs = orderedExprs(sort, columns)
  let position = options.position
  let values: string[] | null = null
  let invalidCursor = false
  if (position.kind === 'after' || position.kind === 'before') {
    values = decodeCursor(position.cursor, sort, exprs)
    if (!values) {
      invalidCursor = true
      position = { kind: 'first' }
    }
  }

  const run = async (after: boolean | null, reversed: boolean) => {
    const query = pageQuery({
      build,
      exprs,
      values,
      after,
      reversed,
      limit: perPage + 1,
      literalLimit: Boolean(options.prepared),
      around: options.around,
    })
    const rows = (
      options.prepared ? await preparedRows(query, options.prepared === 'bound') : await query
    ) as Record<string, any>[]
    const more = rows.length > perPage
    const page = rows.slice(0, perPage)
    return { rows: reversed ? page.reverse() : page, more }
  }
  // A model instance keeps the selected sort values in $extras
  const holder = (row: Record<string, any>): Record<string, unknown> => row.$extras ?? row
  const cursorOf = (row: Record<string, any>) =>
    encodeCursor(
      sort,
      exprs.map((_, i) => holder(row)[`__k${i}`])
    )

  let rows: Record<string, any>[]
  let hasNext: boolean
  let hasPrev: boolean
  if (position.kind === 'after') {
    const r = await run(true, false)
    ;[rows, hasNext, hasPrev] = [r.rows, r.more, true]
  } else if (position.kind === 'before') {
    const r = await run(false, true)
    ;[rows, hasNext, hasPrev] = [r.rows, true, r.more]
    // Back at the start with a short page: show the full first page instead
    if (!r.more) {
      const first = await run(null, false)
      ;[rows, hasNext, hasPrev] = [first.rows, first.more, false]
    }
  } else if (position.kind === 'last') {
    const r = await run(null, true)
    ;[rows, hasNext, hasPrev] = [r.rows, false, r.more]
  } else {
    const r = await run(null, false)
    ;[rows, hasNext, hasPrev] = [r.rows, r.more, false]
  }

  // The cursors first: cleaning the rows drops the sort values they are made of
  const next = hasNext && rows.length ? cursorOf(rows[rows.length - 1]) : null
  const prev = hasPrev && rows.length ? cursorOf(rows[0]) : null
  const sortKeys = exprs.map((_, i) => `__k${i}`)
  return {
    rows: rows.map((row) => {
      if (row.$extras) {
        for (const key of sortKeys) delete row.$extras[key]
        return row as Row
      }
      // Copied without them rather than `delete`d: a deletion leaves V8 a dictionary-mode
      // object, which JSON.stringify serialises about a fifth slower (decision 836)
      const clean: Record<string, unknown> = {}
      for (const key in row) if (!sortKeys.includes(key)) clean[key] = row[key]
      return clean as Row
    }),
    next,
    prev,
    invalidCursor,
  }
}

/** Every row of a list in its order, by batches of keyset pages (the CSV exports stream them). */
export async function* allRows<Row>(options: {
  build: () => ListQuery
  sort: SortKey[]
  columns: SortColumns
  batch?: number
}): AsyncGenerator<Row[]> {
  let position: ListPosition = { kind: 'first' }
  for (;;) {
    const page: KeysetPage<Row> = await keysetPage<Row>({
      ...options,
      position,
      perPage: options.batch ?? 2000,
    })
    yield page.rows
    if (!page.next) return
    position = { kind: 'after', cursor: page.next }
  }
}
