import { Link, router } from '@inertiajs/react'
import DataTable, { type Column } from '../list/DataTable.js'
import EmptyState from '../list/EmptyState.js'
import StatutBadge from './StatutBadge.js'
import { formatDate, formatMoney } from '../../lib/format.js'
import { route } from '../../lib/route.js'
import type { SortKey } from '@shared/list_query'
import type { DevisListItem } from '@shared/devis_list'

export type DevisTableProps = {
  rows: DevisListItem[]
  sort: SortKey[]
  onSort: (key: string, add: boolean) => void
  filtered: boolean
  onClear?: () => void
}

const COLUMNS: Column<DevisListItem>[] = [
  {
    key: 'numero',
    label: 'N°',
    sortKey: 'numero',
    className: 'text-nowrap',
    cell: (d) => (
      <Link href={route('esi.devis.edit', { id: d.id })} className="fw-semibold">
        {d.numero ?? <span className="fst-italic text-body-secondary">Brouillon</span>}
      </Link>
    ),
  },
  {
    key: 'revision',
    label: 'Rév.',
    className: 'text-end',
    cell: (d) => (d.revision > 1 ? d.revision : ''),
  },
  {
    key: 'date',
    label: 'Date',
    sortKey: 'date_devis',
    className: 'text-nowrap',
    cell: (d) => formatDate(d.date_devis),
  },
  {
    key: 'client',
    label: 'Client',
    sortKey: 'client_nom',
    cell: (d) => (
      <Link href={route('esi.customers.show', { id: d.client_id })} className="text-reset">
        {d.client_nom}
      </Link>
    ),
  },
  {
    key: 'objet',
    label: 'Objet',
    className: 'text-truncate small',
    cell: (d) => (
      <div style={{ maxWidth: 260 }} title={d.objet}>
        {d.objet}
      </div>
    ),
  },
  { key: 'commercial', label: 'Commercial', className: 'small', cell: (d) => d.commercial?.nom },
  {
    key: 'total',
    label: 'Total TVAC',
    sortKey: 'total_ttc',
    className: 'text-end text-nowrap',
    cell: (d) => formatMoney(d.total_ttc),
  },
  {
    key: 'statut',
    label: 'Statut',
    sortKey: 'statut',
    cell: (d) => <StatutBadge statut={d.statut} />,
  },
  {
    key: 'validite',
    label: 'Validité',
    sortKey: 'valable_jusqu_au',
    className: 'text-nowrap',
    cell: (d) => (
      <>
        {formatDate(d.valable_jusqu_au)}
        {d.validite_depassee && (
          <span className="badge text-bg-warning ms-1" title="Date de validité dépassée">
            expiré
          </span>
        )}
      </>
    ),
  },
]

/** The devis of one page; a click on a row opens the devis. */
export default function DevisTable({ rows, sort, onSort, filtered, onClear }: DevisTableProps) {
  return (
    <DataTable
      id="devis-table"
      small
      rows={rows}
      columns={COLUMNS}
      rowKey={(d) => d.id}
      sort={sort}
      onSort={onSort}
      onRowClick={(d) => router.visit(route('esi.devis.edit', { id: d.id }))}
      caption="Liste des devis"
      empty={
        <EmptyState
          icon="bi-file-earmark-text"
          filtered={filtered}
          noMatch="Aucun devis ne correspond à ces critères."
          none="Aucun devis pour le moment."
          onClear={onClear}
        />
      }
    />
  )
}
