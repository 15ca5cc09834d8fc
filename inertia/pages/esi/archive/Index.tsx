import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import { formatDate } from '../../../lib/format.js'
import ListPage from '../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../components/list/DataTable.js'
import EmptyState from '../../../components/list/EmptyState.js'
import ListToolbar, { PeriodFilter, SelectFilter } from '../../../components/list/ListToolbar.js'
import { useList } from '../../../components/list/use_list.js'
import { route } from '../../../lib/route.js'
import { type ListFilters, type ListPage as Page } from '@shared/list_query'
import {
  ARCHIVE_DEFAULT_SORT,
  ARCHIVE_SORT_KEYS,
  ARCHIVE_STATUT_LABELS,
  type ArchiveListItem,
} from '@shared/archive'
import { COMMANDE_STATUT_VARIANTS } from '@shared/bdc'
import { formatEuros } from '@shared/totals'

export type ArchiveIndexProps = {
  commandes: Page<ArchiveListItem>
  filters: ListFilters
  warnings: string[]
}

const COLUMNS: Column<ArchiveListItem>[] = [
  {
    key: 'numero',
    label: 'Numéro',
    sortKey: 'numero',
    className: 'text-nowrap',
    cell: (c) => (
      <Link
        href={route('esi.archive.show', { id: c.id })}
        className="fw-semibold"
        data-testid={`archive-open-${c.id}`}
      >
        {c.numero}
      </Link>
    ),
  },
  { key: 'client', label: 'Client', sortKey: 'client', cell: (c) => c.client_nom },
  {
    key: 'adresse',
    label: 'Chantier',
    className: 'd-none d-md-table-cell',
    cell: (c) => c.adresse_chantier ?? <span className="text-body-tertiary">—</span>,
  },
  { key: 'objet', label: 'Objet', className: 'd-none d-lg-table-cell', cell: (c) => c.objet },
  {
    key: 'total',
    label: 'Total TTC',
    sortKey: 'total',
    className: 'text-end text-nowrap',
    cell: (c) => formatEuros(c.total_ttc),
  },
  {
    key: 'statut',
    label: 'Statut',
    cell: (c) => (
      <span
        className={`badge text-bg-${COMMANDE_STATUT_VARIANTS[c.statut]}`}
        title={c.motif_annulation ?? undefined}
      >
        {ARCHIVE_STATUT_LABELS[c.statut]}
      </span>
    ),
  },
  {
    key: 'fin',
    label: 'Terminée / annulée le',
    sortKey: 'fin',
    className: 'text-nowrap',
    cell: (c) => formatDate(c.fin_le),
  },
]

/**
 * esi/archive Index (issue 14 §4): the finished and cancelled commandes, the most recent end
 * first; search by number, client, objet or site address (every word, in any field), filters
 * statut and période of the end. Each opens its whole file, read only.
 */
export default function ArchiveIndex({ commandes, filters, warnings }: ArchiveIndexProps) {
  const list = useList({
    path: route('esi.archive'),
    filters,
    sortKeys: ARCHIVE_SORT_KEYS,
    defaultSort: ARCHIVE_DEFAULT_SORT,
    only: ['commandes'],
  })

  return (
    <>
      <Head title="Archive" />
      <PageHeader
        title="Archive"
        subtitle="Les commandes terminées et annulées, avec leur dossier complet"
        breadcrumb={[{ label: 'Commandes' }, { label: 'Archive' }]}
      />
      <ListPage
        title="Commandes archivées"
        warnings={warnings}
        page={commandes}
        list={list}
        noun="commande"
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher dans l’archive"
            searchPlaceholder="Numéro, client, adresse, objet…"
          >
            <SelectFilter
              id="filter-statut"
              label="Statut"
              all="Terminées et annulées"
              value={filters.filter.statut ?? ''}
              choices={Object.entries(ARCHIVE_STATUT_LABELS).map(([value, label]) => ({
                value,
                label,
              }))}
              onChange={(v) => list.setFilter('statut', v)}
            />
            <PeriodFilter filters={filters} list={list} />
          </ListToolbar>
        }
      >
        <DataTable
          rows={commandes.data}
          columns={COLUMNS}
          rowKey={(c) => c.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Commandes archivées"
          empty={
            <EmptyState
              icon="bi-archive"
              filtered={list.filtered}
              noMatch="Aucune commande archivée ne correspond à ces critères."
              none="Aucune commande terminée ou annulée pour le moment."
              onClear={list.reset}
            >
              Une commande arrive ici quand elle est terminée (facture de solde émise) ou annulée.
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
