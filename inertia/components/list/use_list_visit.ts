/*
 * Navigation of a server-side list: every change (sort, filter, search, page) is a GET visit
 * whose URL holds the whole state, so the list can be bookmarked and survives a reload.
 */
import { router } from '@inertiajs/react'
import { listQueryString, type ListFilters, type ListPosition } from '@shared/list_query'

export interface ListChange {
  sort?: string
  q?: string
  filter?: Record<string, string>
  per_page?: number
}

export function useListVisit(path: string, filters: ListFilters, only: string[]) {
  return (change: ListChange, position: ListPosition = { kind: 'first' }, replace = false) => {
    const next: ListFilters = {
      ...filters,
      ...change,
      filter: { ...filters.filter, ...(change.filter ?? {}) },
    }
    router.get(
      path + listQueryString(next, position),
      {},
      // Only the list's props: the options of the filters stay as they are
      { preserveState: true, preserveScroll: true, replace, only }
    )
  }
}

/** The URL of the CSV export of what the list shows (every page): `route('….export')` + state. */
export function exportUrl(exportPath: string, filters: ListFilters) {
  return exportPath + listQueryString(filters)
}
