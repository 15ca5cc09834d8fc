import type { ReactNode } from 'react'

export interface EmptyStateProps {
  /** Bootstrap icon name, e.g. `bi-buildings`. */
  icon: string
  /** True when a search or a filter is on: the message says so and offers to clear it. */
  filtered: boolean
  /** « Aucune société ne correspond à ces critères. » */
  noMatch: string
  /** « Aucune société pour le moment. » */
  none: string
  onClear?: () => void
  /** A hint under the message of an empty list (how rows get there). */
  children?: ReactNode
}

/** What a list shows when it has no row: nothing yet, or nothing matching the filters. */
export default function EmptyState({
  icon,
  filtered,
  noMatch,
  none,
  onClear,
  children,
}: EmptyStateProps) {
  return (
    <div className="text-center py-5" role="status">
      <i className={`bi ${icon} display-6 text-body-tertiary`} aria-hidden="true" />
      <p className="fw-semibold mt-2 mb-1">{filtered ? noMatch : none}</p>
      {filtered && onClear && (
        <button type="button" className="btn btn-link" onClick={onClear}>
          Effacer la recherche et les filtres
        </button>
      )}
      {!filtered && children && <div className="text-body-secondary">{children}</div>}
    </div>
  )
}
