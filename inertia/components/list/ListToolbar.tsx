/*
 * The filter bar of every list page: the search box (searches as you type), the page's own
 * filters (children), the rows per page and a reset. Each change is a visit (use_list.ts).
 */
import type { ReactNode } from 'react'
import SearchBox from './SearchBox.js'
import type { ListState } from './use_list.js'
import { PER_PAGE_CHOICES, type ListFilters } from '@shared/list_query'

export interface ListToolbarProps {
  list: ListState
  filters: ListFilters
  searchLabel: string
  searchPlaceholder?: string
  children?: ReactNode
}

export default function ListToolbar({
  list,
  filters,
  searchLabel,
  searchPlaceholder,
  children,
}: ListToolbarProps) {
  return (
    <form
      className="d-flex flex-wrap gap-2 align-items-start mb-3"
      role="search"
      onSubmit={(e) => e.preventDefault()}
    >
      <div style={{ minWidth: '16rem', flex: '1 1 16rem', maxWidth: '28rem' }}>
        <SearchBox
          value={filters.q}
          label={searchLabel}
          placeholder={searchPlaceholder}
          onSearch={(q) => list.visit({ q }, { kind: 'first' }, true)}
        />
      </div>
      {children}
      <div className="input-group w-auto">
        <label className="input-group-text" htmlFor="list-per-page">
          Lignes
        </label>
        <select
          id="list-per-page"
          className="form-select"
          value={filters.per_page}
          onChange={(e) => list.visit({ per_page: Number(e.target.value) })}
        >
          {PER_PAGE_CHOICES.map((n) => (
            <option key={n} value={n}>
              {n}
            </option>
          ))}
        </select>
      </div>
      {list.filtered && (
        <button type="button" className="btn btn-alt-secondary" onClick={list.reset}>
          <i className="bi bi-x-circle me-1" aria-hidden="true" />
          Réinitialiser
        </button>
      )}
    </form>
  )
}

/** A `<select>` filter of the toolbar: « Tous … » then the choices. */
export function SelectFilter({
  id,
  label,
  all,
  value,
  choices,
  onChange,
}: {
  id: string
  label: string
  all: string
  value: string
  choices: { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <select
        id={id}
        className="form-select w-auto"
        value={value}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{all}</option>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </>
  )
}

/** The période filter (`du` / `au`, calendar days). */
export function PeriodFilter({ filters, list }: { filters: ListFilters; list: ListState }) {
  return (
    <div className="input-group w-auto">
      <label className="input-group-text" htmlFor="filter-du">
        Du
      </label>
      <input
        id="filter-du"
        type="date"
        className="form-control"
        value={filters.filter.du ?? ''}
        onChange={(e) => list.setFilter('du', e.target.value)}
      />
      <label className="input-group-text" htmlFor="filter-au">
        au
      </label>
      <input
        id="filter-au"
        type="date"
        className="form-control"
        value={filters.filter.au ?? ''}
        onChange={(e) => list.setFilter('au', e.target.value)}
      />
    </div>
  )
}
