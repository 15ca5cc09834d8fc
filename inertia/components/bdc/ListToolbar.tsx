/*
 * The filters of the bdc and commande lists on the one list toolbar: search, statut and
 * période (created between two dates). Every change goes through the URL (the server filters).
 */
import ListToolbar, { PeriodFilter, SelectFilter } from '../list/ListToolbar.js'
import type { ListState } from '../list/use_list.js'
import type { ListFilters } from '@shared/list_query'

export type StatutPeriodToolbarProps = {
  list: ListState
  filters: ListFilters
  statuts: Record<string, string>
  searchLabel: string
  searchPlaceholder: string
}

export default function StatutPeriodToolbar({
  list,
  filters,
  statuts,
  searchLabel,
  searchPlaceholder,
}: StatutPeriodToolbarProps) {
  return (
    <ListToolbar
      list={list}
      filters={filters}
      searchLabel={searchLabel}
      searchPlaceholder={searchPlaceholder}
    >
      <SelectFilter
        id="filter-statut"
        label="Statut"
        all="Tous les statuts"
        value={filters.filter.statut ?? ''}
        choices={Object.entries(statuts).map(([value, label]) => ({ value, label }))}
        onChange={(v) => list.setFilter('statut', v)}
      />
      <PeriodFilter filters={filters} list={list} />
    </ListToolbar>
  )
}
