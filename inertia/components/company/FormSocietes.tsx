/*
 * The search and filter bar of the sociétés list (SPEC.md Company/FormSocietes): free search
 * (name, VAT number, town, e-mail; accents and case ignored) and the type filter.
 */
import SearchInput from '../listing/SearchInput.js'
import { SOCIETE_TYPES, SOCIETE_TYPE_NAMES } from '@shared/societes'
import type { ListFilters } from '@shared/list_params'

export interface FormSocietesProps {
  filters: ListFilters
  onChange: (change: Partial<ListFilters>, options?: { replace?: boolean }) => void
}

export default function FormSocietes({ filters, onChange }: FormSocietesProps) {
  const type = filters.filter.type ?? ''
  const active = Boolean(filters.q || type)
  return (
    <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
      <SearchInput
        value={filters.q}
        label="Rechercher une société"
        placeholder="Nom, n° de TVA, localité, e-mail…"
        onSearch={(q) => onChange({ q }, { replace: true })}
      />
      <label htmlFor="filter-type" className="visually-hidden">
        Type de société
      </label>
      <select
        id="filter-type"
        className="form-select w-auto"
        value={type}
        onChange={(e) => onChange({ filter: { ...filters.filter, type: e.target.value } })}
      >
        <option value="">Tous les types</option>
        {SOCIETE_TYPES.map((t) => (
          <option key={t} value={t}>
            {SOCIETE_TYPE_NAMES[t]}
          </option>
        ))}
      </select>
      {active && (
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
