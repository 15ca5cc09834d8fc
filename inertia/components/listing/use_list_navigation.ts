import { router } from '@inertiajs/react'
import { listQuery, type ListFilters } from '@shared/list_params'

/**
 * Moves a server-side list to a new state: the URL carries it (bookmarkable), the page's scroll
 * and local state are kept, and the history entry is replaced while typing a search.
 */
export function useListNavigation(path: string, filters: ListFilters, defaultSort: string) {
  return (change: Partial<ListFilters>, options: { replace?: boolean } = {}) => {
    // Any change but the page itself goes back to page 1
    const next = { ...filters, ...change, page: change.page ?? 1 }
    const query = new URLSearchParams(listQuery(next, { sort: defaultSort })).toString()
    router.visit(query ? `${path}?${query}` : path, {
      preserveState: true,
      preserveScroll: true,
      replace: options.replace ?? false,
    })
  }
}
