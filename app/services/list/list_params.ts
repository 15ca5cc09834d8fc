/*
 * Reads a list's state from the query string (DESIGN.md §5). Nothing in it reaches SQL as text:
 * sort keys come from an allow-list, filter values are checked one by one, and what does not
 * fit is ignored with a French warning the page shows (a bookmarked URL never breaks).
 */
import {
  DEFAULT_PER_PAGE,
  MAX_SEARCH_LENGTH,
  PER_PAGE_CHOICES,
  parseSort,
  searchWords,
  sortToString,
  type ListFilters,
  type ListPosition,
  type SortKey,
} from '#shared/list_query'
import { parseId } from '#services/route_params'

export interface FilterSpec {
  /** French name of the filter, for the warnings. */
  label: string
  /** The normalized value, or null when the value is not acceptable. */
  parse: (value: string) => string | null
}

export interface ListSpec {
  sortKeys: readonly string[]
  defaultSort: SortKey[]
  filters: Record<string, FilterSpec>
}

export interface ListParams {
  sort: SortKey[]
  filter: Record<string, string>
  q: string
  words: string[]
  perPage: number
  position: ListPosition
  warnings: string[]
}

const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 40)}…` : text)

/** A text value; the query-string parser turns "a,b" into ["a", "b"], joined back here. */
function asText(value: unknown): string | null {
  if (typeof value === 'string') return value
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')) {
    return value.join(',')
  }
  return null
}

export function parseListParams(qs: Record<string, unknown>, spec: ListSpec): ListParams {
  const warnings: string[] = []

  const { sort, ignored } = parseSort(qs.sort, spec.sortKeys, spec.defaultSort)
  for (const key of ignored) {
    warnings.push(`Tri ignoré : « ${clip(key)} » n’est pas une colonne triable.`)
  }

  const filter: Record<string, string> = {}
  const rawFilters = qs.filter
  if (rawFilters !== undefined && (typeof rawFilters !== 'object' || Array.isArray(rawFilters))) {
    warnings.push('Filtres ignorés : format invalide.')
  } else if (rawFilters) {
    for (const [name, raw] of Object.entries(rawFilters as Record<string, unknown>)) {
      const filterSpec = Object.hasOwn(spec.filters, name) ? spec.filters[name] : undefined
      if (!filterSpec) {
        warnings.push(`Filtre inconnu ignoré : « ${clip(name)} ».`)
        continue
      }
      const text = asText(raw)
      if (text === null || text === '') {
        if (text === null) warnings.push(`Filtre « ${filterSpec.label} » ignoré : valeur invalide.`)
        continue
      }
      const value = filterSpec.parse(text.trim())
      if (value === null) {
        warnings.push(`Filtre « ${filterSpec.label} » : valeur « ${clip(text)} » ignorée.`)
        continue
      }
      filter[name] = value
    }
  }

  const rawQ = qs.q === undefined ? '' : asText(qs.q)
  if (rawQ === null) warnings.push('Recherche ignorée : valeur invalide.')
  const q = (rawQ ?? '').trim().slice(0, MAX_SEARCH_LENGTH)

  let perPage = DEFAULT_PER_PAGE
  if (qs.per_page !== undefined && qs.per_page !== '') {
    const n = Number(asText(qs.per_page))
    if ((PER_PAGE_CHOICES as readonly number[]).includes(n)) perPage = n
    else
      warnings.push(`Lignes par page « ${clip(String(qs.per_page))} » ignoré : 10, 25, 50 ou 100.`)
  }

  let position: ListPosition = { kind: 'first' }
  const after = asText(qs.after)
  const before = asText(qs.before)
  const page = qs.page
  if (after) position = { kind: 'after', cursor: after }
  else if (before) position = { kind: 'before', cursor: before }
  else if (page === 'last') position = { kind: 'last' }
  else if (page !== undefined && page !== '' && page !== 'first' && page !== '1') {
    warnings.push(`Page « ${clip(String(page))} » ignorée : utilisez les boutons de navigation.`)
  }
  if ((qs.after !== undefined && !after) || (qs.before !== undefined && !before)) {
    warnings.push('Position dans la liste invalide : retour à la première page.')
  }

  return { sort, filter, q, words: searchWords(q), perPage, position, warnings }
}

/** The state echoed back to the page as its `filters` prop. */
export function filtersProp(params: ListParams): ListFilters {
  return {
    sort: sortToString(params.sort),
    q: params.q,
    filter: params.filter,
    per_page: params.perPage,
  }
}

/** Filter value checks shared by the lists. */
export const filterParsers = {
  oneOf:
    (values: readonly string[]) =>
    (value: string): string | null =>
      values.includes(value) ? value : null,
  /** A positive database id (integer column). */
  id: (value: string): string | null => {
    const id = parseId(value)
    return id === null ? null : String(id)
  },
  text: (max: number) => (value: string) => (value.length <= max ? value : null),
}

/** The one LIKE escaper: `%`, `_` and `\\` typed by the user match themselves. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`)
}

/** `LIKE` pattern of a search word, its wildcards escaped. */
export function likeContains(word: string): string {
  return `%${escapeLike(word)}%`
}

/**
 * Each search word somewhere in `column` (an accent- and case-free text, `f_unaccent(lower(…))`,
 * ideally a stored column with a trigram index). `once`: each pattern made a sub-select, which
 * PostgreSQL computes once per execution; for a named statement's generic plan, which would
 * otherwise unaccent it again for every row it rechecks (decision 830). Not for an unnamed
 * statement: its plan sees the pattern, and its estimate, only as a constant.
 */
export function whereWords(
  query: { whereRaw: (sql: string, bindings: string[]) => unknown },
  column: string,
  words: string[],
  { once = false } = {}
) {
  const pattern = once ? '(SELECT f_unaccent(lower(?)))' : 'f_unaccent(lower(?))'
  for (const word of words) query.whereRaw(`${column} LIKE ${pattern}`, [likeContains(word)])
}

/** Whether each word yields a trigram (three characters): an index scan is its one plan. */
export const wordsIndexed = (words: string[]) => words.every((word) => word.length >= 3)

/**
 * A search of such words and nothing else: no value but the words is bound, and no plan depends
 * on them, so its page can be a named statement with each pattern computed once (decisions
 * 845–846). A filter's values can choose between indexes (decision 814).
 */
export const wordsAloneIndexed = (params: ListParams) =>
  wordsIndexed(params.words) && Object.keys(params.filter).length === 0
