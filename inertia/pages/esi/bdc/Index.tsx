import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import ListPage from '../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../components/list/DataTable.js'
import EmptyState from '../../../components/list/EmptyState.js'
import StatutPeriodToolbar from '../../../components/bdc/ListToolbar.js'
import { useList } from '../../../components/list/use_list.js'
import { formatDate } from '../../../lib/format.js'
import { route } from '../../../lib/route.js'
import { NEWEST_FIRST, type ListFilters, type ListPage as Page } from '@shared/list_query'
import { BDC_SORT_KEYS, BDC_STATUT_VARIANTS, type BdcListItem } from '@shared/bdc'
import { BDC_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'

export type BdcIndexProps = {
  bdcs: Page<BdcListItem>
  filters: ListFilters
  warnings: string[]
}

const COLUMNS: Column<BdcListItem>[] = [
  {
    key: 'numero',
    label: 'Numéro',
    sortKey: 'numero',
    className: 'text-nowrap',
    cell: (b) => (
      <Link href={route('esi.bdc.show', { id: b.id })} className="fw-semibold">
        {b.numero}
      </Link>
    ),
  },
  {
    key: 'date',
    label: 'Date',
    sortKey: 'date',
    className: 'text-nowrap',
    cell: (b) => formatDate(b.created_at),
  },
  { key: 'client', label: 'Client', sortKey: 'client', cell: (b) => b.client_nom },
  { key: 'objet', label: 'Objet', className: 'd-none d-lg-table-cell', cell: (b) => b.objet },
  {
    key: 'total',
    label: 'Total TTC',
    sortKey: 'total',
    className: 'text-end text-nowrap',
    cell: (b) => formatEuros(b.total_ttc),
  },
  {
    key: 'statut',
    label: 'Statut',
    className: 'text-nowrap',
    cell: (b) => (
      <>
        <span className={`badge text-bg-${BDC_STATUT_VARIANTS[b.statut]}`}>
          {BDC_STATUT_LABELS[b.statut]}
        </span>
        {b.signe_le && (
          <span className="small text-body-secondary ms-2">le {formatDate(b.signe_le)}</span>
        )}
      </>
    ),
  },
]

/** esi/bdc Index: the bons de commande, filtered by statut and période, searched, sorted. */
export default function BdcIndex({ bdcs, filters, warnings }: BdcIndexProps) {
  const list = useList({
    path: route('esi.bdc.index'),
    filters,
    sortKeys: BDC_SORT_KEYS,
    defaultSort: NEWEST_FIRST,
    only: ['bdcs'],
  })

  // The dashboard's « signés » figures link here with the signature period (issue 14 §2)
  const { signe_du: signeDu, signe_au: signeAu } = filters.filter
  return (
    <>
      <Head title="Bons de commande" />
      <PageHeader
        title="Bons de commande"
        subtitle="Créés à l’acceptation d’un devis, à faire signer par le client"
        breadcrumb={[{ label: 'Ventes' }, { label: 'Bons de commande' }]}
      />
      <ListPage
        title="Liste des bons de commande"
        warnings={warnings}
        page={bdcs}
        list={list}
        noun={['bon de commande', 'bons de commande']}
        toolbar={
          <>
            <StatutPeriodToolbar
              list={list}
              filters={filters}
              statuts={BDC_STATUT_LABELS}
              searchLabel="Rechercher un bon de commande"
              searchPlaceholder="Numéro, client, objet…"
            />
            {(signeDu || signeAu) && (
              <p className="alert alert-info py-2 mt-2 mb-0" data-testid="bdc-filtre-signe">
                <i className="bi bi-pen me-1" aria-hidden="true" />
                Signés {signeDu && `du ${formatDate(signeDu)} `}
                {signeAu && `au ${formatDate(signeAu)}`}
                <button type="button" className="btn btn-link btn-sm py-0" onClick={list.reset}>
                  Retirer les filtres
                </button>
              </p>
            )}
          </>
        }
      >
        <DataTable
          rows={bdcs.data}
          columns={COLUMNS}
          rowKey={(b) => b.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des bons de commande"
          empty={
            <EmptyState
              icon="bi-pen"
              filtered={list.filtered}
              noMatch="Aucun bon de commande ne correspond à ces critères."
              none="Aucun bon de commande pour le moment."
              onClear={list.reset}
            >
              Un bon de commande est créé quand un devis est accepté.
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
