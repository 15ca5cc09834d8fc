import type { ReactNode } from 'react'
import { sortDirection, type SortKey } from '@shared/list_query'

export interface SortHeaderProps {
  label: ReactNode
  sortKey: string
  sort: SortKey[]
  /** `add` when shift is held: a secondary key. */
  onSort: (key: string, add: boolean) => void
  className?: string
}

/** A column header that sorts the list; aria-sort tells screen readers the current order. */
export default function SortHeader({ label, sortKey, sort, onSort, className }: SortHeaderProps) {
  const direction = sortDirection(sort, sortKey)
  const rank = sort.length > 1 ? sort.findIndex((s) => s.key === sortKey) + 1 : 0
  const icon =
    direction === 'ascending'
      ? 'bi-caret-up-fill'
      : direction === 'descending'
        ? 'bi-caret-down-fill'
        : 'bi-chevron-expand opacity-50'
  return (
    <th scope="col" aria-sort={direction} className={className}>
      <button
        type="button"
        className="btn btn-link p-0 border-0 text-reset text-decoration-none text-nowrap align-baseline"
        // The header's own font (size, weight, case), not the button's
        style={{ font: 'inherit', letterSpacing: 'inherit', textTransform: 'inherit' }}
        onClick={(e) => onSort(sortKey, e.shiftKey)}
        title="Trier (Maj+clic : tri secondaire)"
        data-sort-key={sortKey}
      >
        {label}
        <i className={`bi ${icon} ms-1 small`} aria-hidden="true" />
        {rank > 0 && <sup className="ms-1 text-body-secondary">{rank}</sup>}
      </button>
    </th>
  )
}
