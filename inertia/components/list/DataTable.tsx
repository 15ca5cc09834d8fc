/*
 * The table of a list page: sortable headers (SortHeader, aria-sort), one row per record, and
 * the empty state instead of the table when nothing matches.
 */
import type { ReactNode } from 'react'
import SortHeader from './SortHeader.js'
import type { SortKey } from '@shared/list_query'

export interface Column<T> {
  /** Unique among the columns. */
  key: string
  label: ReactNode
  /** The server's sort key when the column sorts (an allow-list on the server). */
  sortKey?: string
  /** Classes of the header and the cells (e.g. `text-end`, `d-none d-lg-table-cell`). */
  className?: string
  cell: (row: T) => ReactNode
}

export interface DataTableProps<T> {
  rows: T[]
  columns: Column<T>[]
  rowKey: (row: T) => string | number
  sort: SortKey[]
  onSort: (key: string, add: boolean) => void
  /** Read by screen readers only. */
  caption: string
  /** Shown instead of the table when there is no row (an EmptyState). */
  empty: ReactNode
  id?: string
  small?: boolean
  /** Extra attributes of a row (`data-…` hooks of the tests). */
  rowAttrs?: (row: T) => Record<string, string | number>
  /** A click anywhere on the row (links inside keep their own behaviour). */
  onRowClick?: (row: T) => void
}

export default function DataTable<T>({
  rows,
  columns,
  rowKey,
  sort,
  onSort,
  caption,
  empty,
  id,
  small,
  rowAttrs,
  onRowClick,
}: DataTableProps<T>) {
  if (rows.length === 0) return <>{empty}</>
  return (
    <div className="table-responsive">
      <table
        id={id}
        className={`table table-hover table-vcenter align-middle mb-3 ${small ? 'table-sm' : ''}`}
      >
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) =>
              c.sortKey ? (
                <SortHeader
                  key={c.key}
                  label={c.label}
                  sortKey={c.sortKey}
                  sort={sort}
                  onSort={onSort}
                  className={c.className}
                />
              ) : (
                <th key={c.key} scope="col" className={c.className}>
                  {c.label}
                </th>
              )
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={rowKey(row)}
              data-id={rowKey(row)}
              {...rowAttrs?.(row)}
              style={onRowClick ? { cursor: 'pointer' } : undefined}
              onClick={
                onRowClick &&
                ((e) => {
                  if (!(e.target as HTMLElement).closest('a, button')) onRowClick(row)
                })
              }
            >
              {columns.map((c) => (
                <td key={c.key} className={c.className}>
                  {c.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
