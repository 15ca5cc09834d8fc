/*
 * The search and filter bar of the sociétés list (SPEC.md Company/FormSocietes): free search
 * (name, VAT number, town, e-mail; accents and case ignored) and the type filter, on the one
 * list toolbar.
 */
import ListToolbar, { SelectFilter } from '../list/ListToolbar.js'
import type { ListState } from '../list/use_list.js'
import { SOCIETE_TYPES, SOCIETE_TYPE_NAMES } from '@shared/societes'
import type { ListFilters } from '@shared/list_query'

export interface FormSocietesProps {
  filters: ListFilters
  list: ListState
}

export default function FormSocietes({ filters, list }: FormSocietesProps) {
  return (
    <ListToolbar
      list={list}
      filters={filters}
      searchLabel="Rechercher une société"
      searchPlaceholder="Nom, n° de TVA, localité, e-mail…"
    >
      <SelectFilter
        id="filter-type"
        label="Type de société"
        all="Tous les types"
        value={filters.filter.type ?? ''}
        choices={SOCIETE_TYPES.map((t) => ({ value: t, label: SOCIETE_TYPE_NAMES[t] }))}
        onChange={(v) => list.setFilter('type', v)}
      />
    </ListToolbar>
  )
}
