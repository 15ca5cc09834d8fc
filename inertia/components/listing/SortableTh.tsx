import type { ReactNode } from 'react'
import { sortDirection, toggleSort } from '@shared/list_params'

export interface SortableThProps {
  column: string
  sort: string
  onSort: (sort: string) => void
  children: ReactNode
  className?: string
}

/** A column header that sorts the list: a button, with aria-sort for screen readers. */
export default function SortableTh({ column, sort, onSort, children, className }: SortableThProps) {
  const direction = sortDirection(sort, column)
  const icon =
    direction === 'asc' ? 'bi-sort-up' : direction === 'desc' ? 'bi-sort-down' : 'bi-arrow-down-up'
  return (
    <th
      scope="col"
      className={className}
      aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : 'none'}
    >
      <button
        type="button"
        className="btn btn-link p-0 text-reset fw-semibold text-decoration-none text-nowrap d-inline-flex align-items-center gap-1"
        onClick={() => onSort(toggleSort(sort, column))}
      >
        {children}
        <i className={`bi ${icon} ${direction ? '' : 'opacity-25'}`} aria-hidden="true" />
        <span className="visually-hidden">
          {direction === 'asc'
            ? ' (tri croissant)'
            : direction === 'desc'
              ? ' (tri décroissant)'
              : ' (trier)'}
        </span>
      </button>
    </th>
  )
}
