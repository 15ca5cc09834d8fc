/*
 * The filters of the bdc and commande lists: search, statut, période (created between two
 * dates), and a reset button. Every change goes through the URL (the server filters).
 */
import SearchInput from '../listing/SearchInput.js'
import type { ListFilters } from '@shared/list_params'

export type ListToolbarProps = {
  filters: ListFilters
  statuts: Record<string, string>
  searchLabel: string
  searchPlaceholder: string
  onChange: (change: Partial<ListFilters>, options?: { replace?: boolean }) => void
}

export default function ListToolbar({
  filters,
  statuts,
  searchLabel,
  searchPlaceholder,
  onChange,
}: ListToolbarProps) {
  const setFilter = (name: string, value: string) =>
    onChange({ filter: { ...filters.filter, [name]: value } })
  const filtered = Boolean(filters.q || Object.keys(filters.filter).length)
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
      <SearchInput
        value={filters.q}
        label={searchLabel}
        placeholder={searchPlaceholder}
        onSearch={(q) => onChange({ q }, { replace: true })}
      />
      <label htmlFor="filter-statut" className="visually-hidden">
        Statut
      </label>
      <select
        id="filter-statut"
        className="form-select w-auto"
        value={filters.filter.statut ?? ''}
        onChange={(e) => setFilter('statut', e.target.value)}
      >
        <option value="">Tous les statuts</option>
        {Object.entries(statuts).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <div className="input-group w-auto">
        <label className="input-group-text" htmlFor="filter-du">
          Du
        </label>
        <input
          id="filter-du"
          type="date"
          className="form-control"
          value={filters.filter.du ?? ''}
          onChange={(e) => setFilter('du', e.target.value)}
        />
        <label className="input-group-text" htmlFor="filter-au">
          au
        </label>
        <input
          id="filter-au"
          type="date"
          className="form-control"
          value={filters.filter.au ?? ''}
          onChange={(e) => setFilter('au', e.target.value)}
        />
      </div>
      {filtered && (
        <button
          type="button"
          className="btn btn-alt-secondary"
          onClick={() => onChange({ q: '', filter: {} })}
        >
          <i className="bi bi-x-circle me-1" aria-hidden="true" />
          Réinitialiser
        </button>
      )}
    </div>
  )
}
