import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../../components/layout/PageHeader.js'
import ListPage from '../../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../../components/list/DataTable.js'
import EmptyState from '../../../../components/list/EmptyState.js'
import ListToolbar, { PeriodFilter, SelectFilter } from '../../../../components/list/ListToolbar.js'
import { useList } from '../../../../components/list/use_list.js'
import { formatDate } from '../../../../lib/format.js'
import { route } from '../../../../lib/route.js'
import { NEWEST_FIRST, type ListFilters, type ListPage as Page } from '@shared/list_query'
import FactureStatutBadge from '../../../../components/factures/FactureStatutBadge.js'
import {
  FACTURE_SORT_KEYS,
  FACTURE_STATUT_LABELS,
  FACTURE_TYPE_LABELS,
  type FactureListItem,
} from '@shared/factures'
import { formatEuros } from '@shared/totals'

export type FactureIndexProps = {
  factures: Page<FactureListItem>
  filters: ListFilters
  warnings: string[]
}

const COLUMNS: Column<FactureListItem>[] = [
  {
    key: 'numero',
    label: 'Numéro',
    sortKey: 'numero',
    className: 'text-nowrap',
    cell: (f) => (
      <Link href={route('esi.factures.show', { id: f.id })} className="fw-semibold">
        {f.numero ?? 'Brouillon'}
      </Link>
    ),
  },
  {
    key: 'date',
    label: 'Date',
    sortKey: 'date',
    className: 'text-nowrap',
    cell: (f) => formatDate(f.date_facture ?? f.created_at),
  },
  { key: 'client', label: 'Client', sortKey: 'client', cell: (f) => f.client_nom },
  { key: 'type', label: 'Type', cell: (f) => FACTURE_TYPE_LABELS[f.type] },
  {
    key: 'echeance',
    label: 'Échéance',
    sortKey: 'echeance',
    className: 'text-nowrap d-none d-lg-table-cell',
    cell: (f) => (f.echeance ? formatDate(f.echeance) : ''),
  },
  {
    key: 'total',
    label: 'Total TTC',
    sortKey: 'total',
    className: 'text-end text-nowrap',
    cell: (f) => formatEuros(f.total_ttc),
  },
  {
    key: 'statut',
    label: 'Statut',
    className: 'text-nowrap',
    cell: (f) => <FactureStatutBadge f={f} />,
  },
]

const STATUT_CHOICES = [
  ...Object.entries(FACTURE_STATUT_LABELS).map(([value, label]) => ({ value, label })),
  { value: 'en_retard', label: 'En retard' },
  { value: 'a_payer', label: 'À payer' },
]

/** esi/compta/facture Index: the factures, filtered by statut, type and période, searched. */
export default function FactureIndex({ factures, filters, warnings }: FactureIndexProps) {
  const list = useList({
    path: route('esi.compta.facture'),
    filters,
    sortKeys: FACTURE_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    only: ['factures'],
  })

  return (
    <>
      <Head title="Factures" />
      <PageHeader
        title="Factures"
        subtitle="Factures d’acompte, intermédiaires, de solde et libres"
        breadcrumb={[{ label: 'Comptabilité' }, { label: 'Factures' }]}
        actions={
          <Link
            href={route('esi.factures.create')}
            className="btn btn-primary"
            data-testid="facture-nouvelle"
          >
            <i className="bi bi-plus-lg me-1" aria-hidden="true" />
            Nouvelle facture
          </Link>
        }
      />
      <ListPage
        title="Liste des factures"
        warnings={warnings}
        page={factures}
        list={list}
        noun={['facture', 'factures']}
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher une facture"
            searchPlaceholder="Numéro, client, objet…"
          >
            <SelectFilter
              id="filter-statut"
              label="Statut"
              all="Tous les statuts"
              value={filters.filter.statut ?? ''}
              choices={STATUT_CHOICES}
              onChange={(v) => list.setFilter('statut', v)}
            />
            <SelectFilter
              id="filter-type"
              label="Type"
              all="Tous les types"
              value={filters.filter.type ?? ''}
              choices={Object.entries(FACTURE_TYPE_LABELS).map(([value, label]) => ({
                value,
                label,
              }))}
              onChange={(v) => list.setFilter('type', v)}
            />
            <PeriodFilter filters={filters} list={list} />
          </ListToolbar>
        }
      >
        <DataTable
          rows={factures.data}
          columns={COLUMNS}
          rowKey={(f) => f.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des factures"
          empty={
            <EmptyState
              icon="bi-receipt"
              filtered={list.filtered}
              noMatch="Aucune facture ne correspond à ces critères."
              none="Aucune facture pour le moment."
              onClear={list.reset}
            >
              La facture d’acompte se crée depuis un bon de commande signé.
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
