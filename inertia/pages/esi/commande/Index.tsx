import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import { formatDate, todayIso } from '../../../lib/format.js'
import ListPage from '../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../components/list/DataTable.js'
import EmptyState from '../../../components/list/EmptyState.js'
import ListToolbar, { PeriodFilter, SelectFilter } from '../../../components/list/ListToolbar.js'
import { useList } from '../../../components/list/use_list.js'
import { route } from '../../../lib/route.js'
import { type ListFilters, type ListPage as Page } from '@shared/list_query'
import {
  COMMANDE_SORT_KEYS,
  COMMANDE_STATUT_VARIANTS,
  COMMANDE_URGENCE_FIRST,
  type CommandeListItem,
} from '@shared/bdc'
import { ETAPE_LABELS, ETAPE_STATUT_BADGES, ETAPE_STATUT_LABELS } from '@shared/commande_etapes'
import { COMMANDE_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'

export type CommandeIndexProps = {
  commandes: Page<CommandeListItem>
  filters: ListFilters
  warnings: string[]
  personnes: { value: string; label: string }[]
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
      key: 'etape',
      label: 'Où elle en est',
      cell: (c) =>
        c.etape_courante && c.statut !== 'annulee' ? (
          <span className="text-nowrap" data-testid={`commande-etape-${c.id}`}>
            {ETAPE_LABELS[c.etape_courante]}{' '}
            {c.etape_courante_statut && (
              <span className={`badge text-bg-${ETAPE_STATUT_BADGES[c.etape_courante_statut]}`}>
                {ETAPE_STATUT_LABELS[c.etape_courante_statut]}
              </span>
            )}
          </span>
        ) : (
          <span className="text-body-tertiary">—</span>
        ),
    },
    {
      key: 'urgence',
      label: 'Échéance',
      sortKey: 'urgence',
      className: 'text-nowrap',
      cell: (c) =>
        c.prochaine_echeance ? (
          c.prochaine_echeance < today ? (
            <span className="badge text-bg-danger" data-testid={`commande-retard-${c.id}`}>
              En retard · {formatDate(c.prochaine_echeance)}
            </span>
          ) : (
            formatDate(c.prochaine_echeance)
          )
        ) : (
          <span className="text-body-tertiary">—</span>
        ),
    },
    {
      key: 'chef',
      label: 'Chef de projet',
      className: 'd-none d-xl-table-cell',
      cell: (c) => c.chef_projet ?? <span className="text-body-tertiary">—</span>,
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

/**
 * esi/commande Index: the orders created by signed bons de commande, where each stands (its
 * current step and statut), the most overdue first; filters statut, late, chef de projet,
 * commercial, période.
 */
export default function CommandeIndex({
  commandes,
  filters,
  warnings,
  personnes,
}: CommandeIndexProps) {
  const list = useList({
    path: route('esi.commandes.index'),
    filters,
    sortKeys: COMMANDE_SORT_KEYS,
    defaultSort: COMMANDE_URGENCE_FIRST,
    only: ['commandes'],
  })
  const today = todayIso()

  return (
    <>
      <Head title="Commandes" />
      <PageHeader
        title="Commandes"
        subtitle="Où en est chaque commande : les plus en retard d’abord"
        breadcrumb={[{ label: 'Commandes' }, { label: 'Toutes les commandes' }]}
      />
      <ListPage
        title="Liste des commandes"
        warnings={warnings}
        page={commandes}
        list={list}
        noun="commande"
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher une commande"
            searchPlaceholder="Numéro, client, objet…"
          >
            <SelectFilter
              id="filter-statut"
              label="Statut"
              all="Tous les statuts"
              value={filters.filter.statut ?? ''}
              choices={Object.entries(COMMANDE_STATUT_LABELS).map(([value, label]) => ({
                value,
                label,
              }))}
              onChange={(v) => list.setFilter('statut', v)}
            />
            <SelectFilter
              id="filter-retard"
              label="Retard"
              all="En retard ou non"
              value={filters.filter.retard ?? ''}
              choices={[{ value: '1', label: 'En retard seulement' }]}
              onChange={(v) => list.setFilter('retard', v)}
            />
            <SelectFilter
              id="filter-etape"
              label="Étape"
              all="Toutes les étapes"
              value={filters.filter.etape ?? ''}
              choices={Object.entries(ETAPE_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(v) => list.setFilter('etape', v)}
            />
            <SelectFilter
              id="filter-etape-en-retard"
              label="Étape en retard"
              all="Toutes"
              value={filters.filter.etape_en_retard ?? ''}
              choices={Object.entries(ETAPE_LABELS).map(([value, label]) => ({ value, label }))}
              onChange={(v) => list.setFilter('etape_en_retard', v)}
            />
            <SelectFilter
              id="filter-chef"
              label="Chef de projet"
              all="Tous les chefs de projet"
              value={filters.filter.chef ?? ''}
              choices={personnes}
              onChange={(v) => list.setFilter('chef', v)}
            />
            <SelectFilter
              id="filter-commercial"
              label="Commercial"
              all="Tous les commerciaux"
              value={filters.filter.commercial ?? ''}
              choices={personnes}
              onChange={(v) => list.setFilter('commercial', v)}
            />
            <PeriodFilter filters={filters} list={list} />
          </ListToolbar>
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
