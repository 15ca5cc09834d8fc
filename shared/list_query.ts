/*
 * The state of a server-side list in the URL (DESIGN.md §5): `?sort=-id_client,nom` (minus =
 * descending, keys comma-separated), `?filter[type]=…`, `?q=`, `?per_page=`, and the keyset
 * position (`after` / `before` cursors, `page=last`). Parsed by the server, built by the pages.
 */

export interface SortKey {
  key: string
  desc: boolean
}

export const PER_PAGE_CHOICES = [10, 25, 50, 100] as const
export const DEFAULT_PER_PAGE = 25
/** Searches shorter than this are ignored (a trigram index needs some letters to work with). */
export const MIN_SEARCH_LENGTH = 2
export const MAX_SEARCH_LENGTH = 100
export const MAX_SORT_KEYS = 3

/** The state a list page echoes back as its `filters` prop (CONVENTIONS.md, pingcrm). */
export type ListFilters = {
  sort: string
  q: string
  filter: Record<string, string>
  per_page: number
}

/**
 * "-id_client,nom" → keys in order. Unknown keys, duplicates, empty parts and anything that is
 * not a plain key are dropped and reported in `ignored` (never reaching SQL: an allow-list).
 */
export function parseSort(
  raw: unknown,
  allowed: readonly string[],
  fallback: SortKey[]
): { sort: SortKey[]; ignored: string[] } {
  if (raw === undefined || raw === null || raw === '') return { sort: fallback, ignored: [] }
  // The server's query-string parser splits "a,b" into ["a", "b"]: both forms are accepted
  if (Array.isArray(raw) && raw.every((part) => typeof part === 'string')) raw = raw.join(',')
  if (typeof raw !== 'string') return { sort: fallback, ignored: ['(valeur non textuelle)'] }
  const sort: SortKey[] = []
  const ignored: string[] = []
  for (const part of raw.slice(0, 200).split(',')) {
    const trimmed = part.trim()
    if (!trimmed) continue
    const desc = trimmed.startsWith('-')
    const key = desc || trimmed.startsWith('+') ? trimmed.slice(1) : trimmed
    if (!allowed.includes(key) || sort.some((s) => s.key === key) || sort.length >= MAX_SORT_KEYS) {
      ignored.push(trimmed.slice(0, 40))
      continue
    }
    sort.push({ key, desc })
  }
  return { sort: sort.length ? sort : fallback, ignored }
}

export function sortToString(sort: SortKey[]): string {
  return sort.map((s) => (s.desc ? `-${s.key}` : s.key)).join(',')
}

/**
 * A click on a column header: the same first key flips its direction; another key becomes the
 * only one (ascending). With `add` (shift-click) the key is appended or flipped in place.
 */
export function toggleSort(current: SortKey[], key: string, add = false): SortKey[] {
  const existing = current.find((s) => s.key === key)
  if (add) {
    if (existing) return current.map((s) => (s.key === key ? { key, desc: !s.desc } : s))
    return [...current, { key, desc: false }].slice(0, MAX_SORT_KEYS)
  }
  if (current[0]?.key === key) return [{ key, desc: !current[0].desc }]
  return [{ key, desc: false }]
}

/** The direction a column is sorted in, for aria-sort and the arrow. */
export function sortDirection(sort: SortKey[], key: string): 'ascending' | 'descending' | 'none' {
  const found = sort.find((s) => s.key === key)
  if (!found) return 'none'
  return found.desc ? 'descending' : 'ascending'
}

/** The words of a search, or [] when it is too short to be used. */
export function searchWords(q: string): string[] {
  const text = q.trim().slice(0, MAX_SEARCH_LENGTH)
  if (text.length < MIN_SEARCH_LENGTH) return []
  return text
    .split(/\s+/)
    .filter((w) => w.length >= MIN_SEARCH_LENGTH)
    .slice(0, 5)
}

/** Position in the list: first page, last page, or after / before a cursor. */
export type ListPosition =
  | { kind: 'first' }
  | { kind: 'last' }
  | { kind: 'after'; cursor: string }
  | { kind: 'before'; cursor: string }

/** The query string of a list state (keys in a stable order so URLs compare equal). */
export function listQueryString(filters: ListFilters, position: ListPosition = { kind: 'first' }) {
  const params: string[] = []
  // Commas stay readable (`sort=nom,-id_client`): they are allowed in a query string
  const add = (k: string, v: string) =>
    params.push(`${k}=${encodeURIComponent(v).replace(/%2C/gi, ',')}`)
  if (filters.sort) add('sort', filters.sort)
  for (const [name, value] of Object.entries(filters.filter).sort(([a], [b]) =>
    a.localeCompare(b)
  )) {
    if (value !== '') add(`filter[${name}]`, value)
  }
  if (filters.q.trim()) add('q', filters.q.trim())
  if (filters.per_page !== DEFAULT_PER_PAGE) add('per_page', String(filters.per_page))
  if (position.kind === 'last') add('page', 'last')
  if (position.kind === 'after') add('after', position.cursor)
  if (position.kind === 'before') add('before', position.cursor)
  return params.length ? `?${params.join('&')}` : ''
}

/** One page of a keyset list as the pages receive it. */
export type ListPage<T> = {
  data: T[]
  /** Cursors of the neighbouring pages, null at either end. */
  next: string | null
  prev: string | null
  /** Exact when the planner expects at most 5 000 rows; beyond, its estimate (`exact: false`). */
  total: { count: number; exact: boolean }
  per_page: number
}

/**
 * Sort keys and default sort of the lists whose domain module has none (the server maps each
 * key to its SQL expression; the page draws the headers from them).
 */
export const SOCIETE_SORT_KEYS = ['nom', 'type', 'localite', 'numero_tva', 'created_at'] as const
export const CONTACT_SORT_KEYS = [
  'nom',
  'prenom',
  'email',
  'localite',
  'societe',
  'created_at',
] as const
export const OFFRE_SORT_KEYS = [
  'numero',
  'date_offre',
  'objet',
  'contact',
  'societe',
  'statut',
  'total_ttc',
  'transmise_le',
] as const
export const BY_NAME: SortKey[] = [{ key: 'nom', desc: false }]
export const OFFRE_DEFAULT_SORT: SortKey[] = [{ key: 'date_offre', desc: true }]
/** Bons de commande and commandes: the newest first. */
export const NEWEST_FIRST: SortKey[] = [{ key: 'date', desc: true }]
