/*
 * The state of a list page, all in the URL (DESIGN.md §5): every change (sort, filter, search,
 * page) is a GET visit of the list's route with the whole state, so a list can be bookmarked and
 * survives a reload. The server echoes back what applied as the `filters` prop.
 */
import {
  parseSort,
  sortToString,
  toggleSort,
  type ListFilters,
  type ListPosition,
  type SortKey,
} from '@shared/list_query'
import { useListVisit, type ListChange } from './use_list_visit.js'

export interface ListState {
  /** A GET visit with the change applied (first page unless a position is given). */
  visit: (change: ListChange, position?: ListPosition, replace?: boolean) => void
  sort: SortKey[]
  /** A click on a sortable header (shift: secondary key). */
  onSort: (key: string, add: boolean) => void
  setFilter: (name: string, value: string) => void
  /** True when a search or a filter narrows the list. */
  filtered: boolean
  /** Back to the whole list (the sort and the page size stay). */
  reset: () => void
}

export function useList(options: {
  /** The list's own path: `route('app.company.index')`. */
  path: string
  filters: ListFilters
  sortKeys: readonly string[]
  defaultSort: SortKey[]
  /** The props a visit reloads (the filters' options stay). */
  only: string[]
}): ListState {
  const { filters } = options
  const visit = useListVisit(options.path, filters, [...options.only, 'filters', 'warnings'])
  const sort = parseSort(filters.sort, options.sortKeys, options.defaultSort).sort
  const filtered = Object.values(filters.filter).some((v) => v !== '') || filters.q.trim() !== ''
  return {
    visit,
    sort,
    onSort: (key, add) => visit({ sort: sortToString(toggleSort(sort, key, add)) }),
    setFilter: (name, value) => visit({ filter: { [name]: value } }),
    filtered,
    reset: () => {
      const cleared = Object.fromEntries(Object.keys(filters.filter).map((k) => [k, '']))
      visit({ q: '', filter: cleared })
    },
  }
}
