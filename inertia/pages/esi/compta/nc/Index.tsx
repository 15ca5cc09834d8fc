import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import ListPage from '../../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../../components/list/DataTable.js'
import EmptyState from '../../../../components/list/EmptyState.js'
import ListToolbar, { SelectFilter } from '../../../../components/list/ListToolbar.js'
import { useList } from '../../../../components/list/use_list.js'
import { formatDate } from '../../../../lib/format.js'
import { route } from '../../../../lib/route.js'
import { NEWEST_FIRST, type ListFilters, type ListPage as Page } from '@shared/list_query'
import {
  NOTE_CREDIT_SORT_KEYS,
  NOTE_CREDIT_STATUT_LABELS,
  NOTE_CREDIT_STATUT_VARIANTS,
  type NoteCreditListItem,
} from '@shared/notes_credit'
import { formatEuros } from '@shared/totals'

export type NoteCreditIndexProps = {
  notes: Page<NoteCreditListItem>
  filters: ListFilters
  warnings: string[]
}

const COLUMNS: Column<NoteCreditListItem>[] = [
  {
    key: 'numero',
    label: 'Numéro',
    sortKey: 'numero',
    className: 'text-nowrap',
    cell: (n) => (
      <Link href={route('esi.notes_credit.show', { id: n.id })} className="fw-semibold">
        {n.numero ?? 'Brouillon'}
      </Link>
    ),
  },
  {
    key: 'date',
    label: 'Date',
    sortKey: 'date',
    className: 'text-nowrap',
    cell: (n) => formatDate(n.date_nc ?? n.created_at),
  },
  { key: 'client', label: 'Client', sortKey: 'client', cell: (n) => n.client_nom },
  {
    key: 'facture',
    label: 'Facture',
    className: 'text-nowrap',
    cell: (n) => (
      <Link href={route('esi.factures.show', { id: n.facture_id })}>{n.facture_numero}</Link>
    ),
  },
  { key: 'motif', label: 'Motif', className: 'd-none d-lg-table-cell', cell: (n) => n.motif },
  {
    key: 'total',
    label: 'Total TTC',
    sortKey: 'total',
    className: 'text-end text-nowrap',
    cell: (n) => formatEuros(n.total_ttc),
  },
  {
    key: 'statut',
    label: 'Statut',
    cell: (n) => (
      <span className={`badge text-bg-${NOTE_CREDIT_STATUT_VARIANTS[n.statut]}`}>
        {NOTE_CREDIT_STATUT_LABELS[n.statut]}
      </span>
    ),
  },
]

/** esi/compta/nc Index: the notes de crédit, filtered by statut, searched. */
export default function NoteCreditIndex({ notes, filters, warnings }: NoteCreditIndexProps) {
  const list = useList({
    path: route('esi.compta.nc'),
    filters,
    sortKeys: NOTE_CREDIT_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    only: ['notes'],
  })
  return (
    <>
      <Head title="Notes de crédit" />
      <PageHeader
        title="Notes de crédit"
        subtitle="Corrections et annulations de factures émises"
        breadcrumb={[{ label: 'Comptabilité' }, { label: 'Notes de crédit' }]}
      />
      <ListPage
        title="Liste des notes de crédit"
        warnings={warnings}
        page={notes}
        list={list}
        noun={['note de crédit', 'notes de crédit']}
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher une note de crédit"
            searchPlaceholder="Numéro, client, facture, motif…"
          >
            <SelectFilter
              id="filter-statut"
              label="Statut"
              all="Tous les statuts"
              value={filters.filter.statut ?? ''}
              choices={Object.entries(NOTE_CREDIT_STATUT_LABELS).map(([value, label]) => ({
                value,
                label,
              }))}
              onChange={(v) => list.setFilter('statut', v)}
            />
          </ListToolbar>
        }
      >
        <DataTable
          rows={notes.data}
          columns={COLUMNS}
          rowKey={(n) => n.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des notes de crédit"
          empty={
            <EmptyState
              icon="bi-receipt-cutoff"
              filtered={list.filtered}
              noMatch="Aucune note de crédit ne correspond à ces critères."
              none="Aucune note de crédit pour le moment."
              onClear={list.reset}
            >
              Une note de crédit se crée depuis une facture émise.
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
