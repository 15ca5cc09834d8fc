import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import ListPage from '../../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../../components/list/DataTable.js'
import EmptyState from '../../../../components/list/EmptyState.js'
import ListToolbar, { SelectFilter } from '../../../../components/list/ListToolbar.js'
import { useList } from '../../../../components/list/use_list.js'
import { exportUrl } from '../../../../components/list/use_list_visit.js'
import { route } from '../../../../lib/route.js'
import { formatDate } from '../../../../lib/format.js'
import type { ListFilters, ListPage as Page } from '@shared/list_query'
import {
  AGING_BUCKETS,
  CREANCE_DEFAULT_SORT,
  CREANCE_SORT_KEYS,
  retardLabel,
  type CreanceClientItem,
  type CreanceTotals,
} from '@shared/creances'
import { formatEuros } from '@shared/totals'

export type CreanceIndexProps = {
  creances: Page<CreanceClientItem>
  totals: CreanceTotals
  today: string
  filters: ListFilters
  warnings: string[]
}

const money = (cents: number) => (cents ? formatEuros(cents) : '—')

const COLUMNS: Column<CreanceClientItem>[] = [
  {
    key: 'client',
    label: 'Client',
    sortKey: 'client',
    cell: (c) => (
      <Link href={route('esi.compta.creance.client', { id: c.client_id })} className="fw-semibold">
        {c.client_nom}
      </Link>
    ),
  },
  {
    key: 'nb',
    label: 'Factures',
    className: 'text-end d-none d-md-table-cell',
    cell: (c) => c.nb_factures,
  },
  ...AGING_BUCKETS.map((b): Column<CreanceClientItem> => ({
    key: b.key,
    label: b.label,
    className: `text-end text-nowrap d-none d-lg-table-cell${b.key === 'non_echu' ? '' : ' text-danger-emphasis'}`,
    cell: (c) => money(c[b.key]),
  })),
  {
    key: 'retard',
    label: 'Retard max.',
    sortKey: 'retard',
    className: 'text-end text-nowrap',
    cell: (c) => retardLabel(c.retard_max),
  },
  {
    key: 'credit',
    label: 'Crédit',
    className: 'text-end text-nowrap d-none d-md-table-cell text-success-emphasis',
    cell: (c) => (c.credit ? `−\u00a0${formatEuros(c.credit)}` : '—'),
  },
  {
    key: 'du',
    label: 'Dû',
    sortKey: 'du',
    className: 'text-end text-nowrap fw-semibold',
    cell: (c) => <span data-testid="creance-solde">{formatEuros(c.solde)}</span>,
  },
]

const TRANCHE_CHOICES = AGING_BUCKETS.map((b) => ({ value: b.key, label: b.label }))

/** The totals of what the filters select, above the table. */
function TotalsRow({ totals }: { totals: CreanceTotals }) {
  return (
    <div className="table-responsive mb-3">
      <table className="table table-sm table-bordered mb-0" aria-label="Totaux des créances">
        <thead className="table-light">
          <tr>
            <th scope="col">Total</th>
            {AGING_BUCKETS.map((b) => (
              <th scope="col" key={b.key} className="text-end text-nowrap">
                {b.label}
              </th>
            ))}
            <th scope="col" className="text-end text-nowrap">
              Reste des factures
            </th>
            <th scope="col" className="text-end">
              Crédit
            </th>
            <th scope="col" className="text-end">
              Dû
            </th>
          </tr>
        </thead>
        <tbody>
          <tr data-testid="creances-totaux">
            <th scope="row" className="fw-normal text-nowrap">
              {totals.nb_clients} client{totals.nb_clients > 1 ? 's' : ''}, {totals.nb_factures}{' '}
              facture{totals.nb_factures > 1 ? 's' : ''}
            </th>
            {AGING_BUCKETS.map((b) => (
              <td key={b.key} className="text-end text-nowrap">
                {money(totals[b.key])}
              </td>
            ))}
            <td className="text-end text-nowrap">{formatEuros(totals.du)}</td>
            <td className="text-end text-nowrap">
              {totals.credit ? `−\u00a0${formatEuros(totals.credit)}` : '—'}
            </td>
            <td className="text-end text-nowrap fw-bold" data-testid="creances-solde">
              {formatEuros(totals.solde)}
            </td>
          </tr>
        </tbody>
      </table>
    </div>
  )
}

/** esi/compta/creance: what each client owes, by age of its factures (issue 11 §4). */
/** The same export URL asking for another format. */
function withFormat(url: string, format: string) {
  return `${url}${url.includes('?') ? '&' : '?'}format=${format}`
}

export default function CreanceIndex({
  creances,
  totals,
  today,
  filters,
  warnings,
}: CreanceIndexProps) {
  const list = useList({
    path: route('esi.compta.creance'),
    filters,
    sortKeys: CREANCE_SORT_KEYS,
    defaultSort: CREANCE_DEFAULT_SORT,
    only: ['creances', 'totals'],
  })

  return (
    <>
      <Head title="Créances" />
      <PageHeader
        title="Créances"
        subtitle={`Ce que les clients doivent au ${formatDate(today)}, par ancienneté des échéances, moins leur crédit`}
        breadcrumb={[{ label: 'Comptabilité' }, { label: 'Créances' }]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link
              className="btn btn-alt-warning"
              href={route('esi.compta.relances')}
              data-testid="creances-relances"
            >
              <i className="bi bi-envelope-exclamation me-1" aria-hidden="true" />
              Relances
            </Link>
            <Link className="btn btn-alt-secondary" href={route('esi.compta.exports')}>
              <i className="bi bi-journal-text me-1" aria-hidden="true" />
              Exports comptables
            </Link>
            <a
              className="btn btn-alt-secondary"
              href={exportUrl(route('esi.compta.creance.export'), filters)}
              download
            >
              <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
              CSV
            </a>
            <a
              className="btn btn-alt-secondary"
              href={withFormat(exportUrl(route('esi.compta.creance.export'), filters), 'xlsx')}
              download
            >
              <i className="bi bi-file-earmark-excel me-1" aria-hidden="true" />
              Excel
            </a>
          </div>
        }
      />
      <ListPage
        title="Créances par client"
        warnings={warnings}
        page={creances}
        list={list}
        noun={['client', 'clients']}
        toolbar={
          <>
            <ListToolbar
              list={list}
              filters={filters}
              searchLabel="Rechercher un client"
              searchPlaceholder="Nom, société, n° de TVA…"
            >
              <SelectFilter
                id="filter-retard"
                label="Retard"
                all="Toutes les créances"
                value={filters.filter.retard ?? ''}
                choices={[{ value: '1', label: 'En retard seulement' }]}
                onChange={(v) => list.setFilter('retard', v)}
              />
              <SelectFilter
                id="filter-tranche"
                label="Tranche"
                all="Toutes les tranches"
                value={filters.filter.tranche ?? ''}
                choices={TRANCHE_CHOICES}
                onChange={(v) => list.setFilter('tranche', v)}
              />
            </ListToolbar>
            <TotalsRow totals={totals} />
          </>
        }
      >
        <DataTable
          rows={creances.data}
          columns={COLUMNS}
          rowKey={(c) => c.client_id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Créances par client"
          empty={
            <EmptyState
              icon="bi-cash-coin"
              filtered={list.filtered}
              noMatch="Aucune créance ne correspond à ces critères."
              none="Aucune créance : toutes les factures émises sont payées."
              onClear={list.reset}
            />
          }
        />
      </ListPage>
    </>
  )
}
