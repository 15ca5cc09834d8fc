import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import { formatDate, todayIso } from '../../../lib/format.js'
import ListPage from '../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../components/list/DataTable.js'
import EmptyState from '../../../components/list/EmptyState.js'
import StatutPeriodToolbar from '../../../components/bdc/ListToolbar.js'
import { useList } from '../../../components/list/use_list.js'
import { route } from '../../../lib/route.js'
import { NEWEST_FIRST, type ListFilters, type ListPage as Page } from '@shared/list_query'
import { COMMANDE_SORT_KEYS, COMMANDE_STATUT_VARIANTS, type CommandeListItem } from '@shared/bdc'
import { COMMANDE_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'

export type CommandeIndexProps = {
  commandes: Page<CommandeListItem>
  filters: ListFilters
  warnings: string[]
}

function columns(today: string): Column<CommandeListItem>[] {
  return [
    {
      key: 'numero',
      label: 'Numéro',
      sortKey: 'numero',
      className: 'text-nowrap',
      cell: (c) => (
        <Link href={route('esi.commandes.show', { id: c.id })} className="fw-semibold">
          {c.numero}
        </Link>
      ),
    },
    { key: 'client', label: 'Client', sortKey: 'client', cell: (c) => c.client_nom },
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
        <span className={`badge text-bg-${COMMANDE_STATUT_VARIANTS[c.statut]}`}>
          {COMMANDE_STATUT_LABELS[c.statut]}
        </span>
      ),
    },
    {
      key: 'fin_retractation',
      label: 'Fin de rétractation',
      sortKey: 'fin_retractation',
      className: 'text-nowrap',
      cell: (c) =>
        c.fin_retractation ? (
          <span className={c.fin_retractation >= today ? 'text-warning-emphasis fw-semibold' : ''}>
            {formatDate(c.fin_retractation)}
          </span>
        ) : (
          <span className="text-body-tertiary">—</span>
        ),
    },
    {
      key: 'date',
      label: 'Créée le',
      sortKey: 'date',
      className: 'text-nowrap',
      cell: (c) => formatDate(c.created_at),
    },
  ]
}

/** esi/commande Index: the orders created by signed bons de commande. */
export default function CommandeIndex({ commandes, filters, warnings }: CommandeIndexProps) {
  const list = useList({
    path: route('esi.commandes.index'),
    filters,
    sortKeys: COMMANDE_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    only: ['commandes'],
  })
  const today = todayIso()

  return (
    <>
      <Head title="Commandes" />
      <PageHeader
        title="Commandes"
        subtitle="Créées à la signature d’un bon de commande"
        breadcrumb={[{ label: 'Commandes' }, { label: 'Toutes les commandes' }]}
      />
      <ListPage
        title="Liste des commandes"
        warnings={warnings}
        page={commandes}
        list={list}
        noun="commande"
        toolbar={
          <StatutPeriodToolbar
            list={list}
            filters={filters}
            statuts={COMMANDE_STATUT_LABELS}
            searchLabel="Rechercher une commande"
            searchPlaceholder="Numéro, client, objet…"
          />
        }
      >
        <DataTable
          rows={commandes.data}
          columns={columns(today)}
          rowKey={(c) => c.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des commandes"
          empty={
            <EmptyState
              icon="bi-box-seam"
              filtered={list.filtered}
              noMatch="Aucune commande ne correspond à ces critères."
              none="Aucune commande pour le moment."
              onClear={list.reset}
            >
              Une commande est créée quand le client signe son bon de commande.
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
