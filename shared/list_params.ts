/*
 * The state of a server-side list in the URL (DESIGN.md §5): `?q=` free search, `?sort=-nom,prenom`
 * (minus = descending, several keys comma-separated), `?filter[type]=pro`, `?page=`, `?per_page=`.
 * Shared by the server (which validates it against its allow-lists) and the React lists (which
 * build the next URL from it).
 */

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const
export const DEFAULT_PER_PAGE = 25
export const MAX_SEARCH_LENGTH = 100
export const MAX_SORT_KEYS = 3

export type ListFilters = {
  q: string
  sort: string
  filter: Record<string, string>
  page: number
  per_page: number
}

export type PageMeta = {
  total: number
  per_page: number
  current_page: number
  last_page: number
  from: number
  to: number
}

export type Paginated<Row> = { data: Row[]; meta: PageMeta }

export type SortKey = { key: string; desc: boolean }

/** "-nom,prenom" → [{nom, desc}, {prenom, asc}]; unknown keys are dropped (allow-list). */
export function parseSort(raw: unknown, allowed: readonly string[]): SortKey[] {
  if (typeof raw !== 'string' || raw.length > 200) return []
  const keys: SortKey[] = []
  for (const part of raw.split(',')) {
    const token = part.trim()
    const desc = token.startsWith('-')
    const key = desc ? token.slice(1) : token
    if (!allowed.includes(key) || keys.some((k) => k.key === key)) continue
    keys.push({ key, desc })
    if (keys.length === MAX_SORT_KEYS) break
  }
  return keys
}

export function formatSort(keys: SortKey[]): string {
  return keys.map((k) => (k.desc ? `-${k.key}` : k.key)).join(',')
}

/**
 * The sort after a click on a column header: the column becomes the main key, ascending first,
 * descending on a second click; the other keys are dropped (one-key sort from the headers).
 */
export function toggleSort(current: string, key: string): string {
  const first = current.split(',')[0]?.trim() ?? ''
  if (first === key) return `-${key}`
  return key
}

/** The direction of a column in the current sort: 'asc', 'desc' or null when not the main key. */
export function sortDirection(current: string, key: string): 'asc' | 'desc' | null {
  const first = current.split(',')[0]?.trim() ?? ''
  if (first === key) return 'asc'
  if (first === `-${key}`) return 'desc'
  return null
}

/**
 * The query string of a list state, leaving out what equals the default (so URLs stay short):
 * `{ q: 'dup', sort: '-nom', filter: { type: 'pro' }, page: 2 }` → q=dup&sort=-nom&filter[type]=pro&page=2
 */
export function listQuery(
  state: Partial<ListFilters>,
  defaults: { sort: string; per_page?: number }
): Record<string, string> {
  const query: Record<string, string> = {}
  if (state.q) query.q = state.q
  if (state.sort && state.sort !== defaults.sort) query.sort = state.sort
  for (const [name, value] of Object.entries(state.filter ?? {})) {
    if (value) query[`filter[${name}]`] = value
  }
  if (state.page && state.page > 1) query.page = String(state.page)
  if (state.per_page && state.per_page !== (defaults.per_page ?? DEFAULT_PER_PAGE)) {
    query.per_page = String(state.per_page)
  }
  return query
}

/** The page numbers to show around the current one, with null for a gap: 1 … 4 5 6 … 20 */
export function pageWindow(current: number, last: number, radius = 2): (number | null)[] {
  const pages: (number | null)[] = []
  for (let p = 1; p <= last; p++) {
    if (p === 1 || p === last || Math.abs(p - current) <= radius) pages.push(p)
    else if (pages[pages.length - 1] !== null) pages.push(null)
  }
  return pages
}
