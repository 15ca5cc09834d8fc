/*
 * Server side of the lists (DESIGN.md §5, ASVS 1.2.4 / V1 note): the URL state is read against
 * allow-lists — sort keys map to fixed SQL expressions, filters to normalisers — so nothing the
 * user types reaches the SQL text; a bad `sort` or `filter` value is ignored, never a 500.
 */
import type { LucidModel, ModelQueryBuilderContract } from '@adonisjs/lucid/types/model'
import {
  DEFAULT_PER_PAGE,
  formatSort,
  MAX_SEARCH_LENGTH,
  parseSort,
  PER_PAGE_CHOICES,
  type ListFilters,
  type PageMeta,
} from '#shared/list_params'

export interface ListDefinition {
  /** Sort key → SQL expression(s) (written here, never taken from the request). */
  sorts: Record<string, string | string[]>
  defaultSort: string
  /** Filter name → normaliser of its value; null = the value is ignored. */
  filters: Record<string, (raw: string) => string | null>
  /** Column added last to the ORDER BY so that pages never overlap. */
  tieBreaker: string
}

/**
 * A text parameter. AdonisJS parses `a,b` as an array (qs `comma: true`): joined back, so a
 * search or a sort with commas keeps its meaning. Anything else (objects) is null.
 */
function textParam(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.length <= 20 && value.every((v) => typeof v === 'string')) {
    return value.join(',')
  }
  return null
}

function positiveInt(value: unknown, fallback: number, max: number): number {
  const text = textParam(value)
  if (!text || !/^\d{1,6}$/.test(text)) return fallback
  const n = Number(text)
  return n >= 1 && n <= max ? n : fallback
}

/** The list state of the request, cleaned: what the page echoes back as `filters`. */
export function readListState(
  qs: Record<string, unknown>,
  definition: ListDefinition
): ListFilters {
  const q = (textParam(qs.q) ?? '').trim().slice(0, MAX_SEARCH_LENGTH)
  const keys = parseSort(textParam(qs.sort), Object.keys(definition.sorts))
  const sort = keys.length ? formatSort(keys) : definition.defaultSort
  const filter: Record<string, string> = {}
  const rawFilters = qs.filter && typeof qs.filter === 'object' ? (qs.filter as object) : {}
  for (const [name, normalise] of Object.entries(definition.filters)) {
    const raw = textParam((rawFilters as Record<string, unknown>)[name])
    const value = raw === null ? null : normalise(raw.trim())
    if (value !== null) filter[name] = value
  }
  const perPage = positiveInt(qs.per_page, DEFAULT_PER_PAGE, 100)
  return {
    q,
    sort,
    filter,
    page: positiveInt(qs.page, 1, 100_000),
    per_page: (PER_PAGE_CHOICES as readonly number[]).includes(perPage)
      ? perPage
      : DEFAULT_PER_PAGE,
  }
}

/** ORDER BY of the state's sort keys (allow-listed expressions), then the tie-breaker. */
export function applySort<M extends LucidModel>(
  query: ModelQueryBuilderContract<M>,
  state: ListFilters,
  definition: ListDefinition
) {
  const keys = parseSort(state.sort, Object.keys(definition.sorts))
  for (const { key, desc } of keys) {
    for (const expression of [definition.sorts[key]].flat()) {
      query.orderByRaw(`${expression} ${desc ? 'desc' : 'asc'} nulls last`)
    }
  }
  query.orderBy(definition.tieBreaker, keys[0]?.desc ? 'desc' : 'asc')
  return query
}

/** `%`, `_` and `\` typed by the user match themselves in a LIKE pattern. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** The words of a search, each to be found (in any order), at most five. */
export function searchWords(q: string): string[] {
  return q.split(/\s+/).filter(Boolean).slice(0, 5)
}

/**
 * Accent- and case-insensitive search: every word must appear in `expression` (an unaccented,
 * lower-cased SQL expression, e.g. a generated `recherche` column covered by a trigram index).
 */
export function applySearch<M extends LucidModel>(
  query: ModelQueryBuilderContract<M>,
  q: string,
  expression: string
) {
  for (const word of searchWords(q)) {
    query.whereRaw(`${expression} ilike '%' || f_unaccent(lower(?)) || '%'`, [escapeLike(word)])
  }
  return query
}

/**
 * One page of the query; a page past the end gives the last page (a bookmarked URL of a list
 * that shrank still shows rows).
 */
export async function paginateList<M extends LucidModel, Row>(
  query: ModelQueryBuilderContract<M>,
  state: ListFilters,
  transform: (row: InstanceType<M>) => Row
): Promise<{ data: Row[]; meta: PageMeta }> {
  let result = await query.clone().paginate(state.page, state.per_page)
  if (result.all().length === 0 && state.page > 1 && result.lastPage < state.page) {
    state.page = Math.max(1, result.lastPage)
    result = await query.clone().paginate(state.page, state.per_page)
  }
  const rows = result.all() as InstanceType<M>[]
  const from = rows.length ? (result.currentPage - 1) * result.perPage + 1 : 0
  return {
    data: rows.map(transform),
    meta: {
      total: result.total,
      per_page: result.perPage,
      current_page: result.currentPage,
      last_page: Math.max(1, result.lastPage),
      from,
      to: rows.length ? from + rows.length - 1 : 0,
    },
  }
}
