import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import { formatDate } from '../../../lib/format.js'
import ListPage from '../../../components/list/ListPage.js'
import DataTable, { type Column } from '../../../components/list/DataTable.js'
import EmptyState from '../../../components/list/EmptyState.js'
import ListToolbar, { PeriodFilter, SelectFilter } from '../../../components/list/ListToolbar.js'
import { useList } from '../../../components/list/use_list.js'
import { route } from '../../../lib/route.js'
import type { ListFilters, ListPage as Page } from '@shared/list_query'
import { MESURAGE_SORT_KEYS, type MesurageListItem } from '@shared/mesurage_list'
import { ETAPE_STATUT_BADGES, ETAPE_STATUT_LABELS } from '@shared/commande_etapes'

export type MesurageIndexProps = {
  commandes: Page<MesurageListItem>
  filters: ListFilters
  warnings: string[]
  staff: { id: number; nom: string }[]
}

const ETATS: { value: string; label: string }[] = [
  { value: 'a_faire', label: 'À faire' },
  { value: 'planifiee', label: 'Planifié' },
  { value: 'en_cours', label: 'En cours' },
  { value: 'bloquee', label: 'Avenant à signer' },
  { value: 'faite', label: 'Fait' },
  { value: 'tous', label: 'Toutes les commandes en cours' },
]

const COLUMNS: Column<MesurageListItem>[] = [
  {
    key: 'numero',
    label: 'Commande',
    sortKey: 'numero',
    className: 'text-nowrap',
    cell: (c) => (
      <Link href={route('esi.mesurage.show', { id: c.id })} className="fw-semibold">
        {c.numero}
      </Link>
    ),
  },
  {
    key: 'client',
    label: 'Client',
    sortKey: 'client',
    cell: (c) => (
      <>
        {c.client_nom}
        {c.adresse_chantier && (
          <div className="small text-body-secondary">{c.adresse_chantier}</div>
        )}
      </>
    ),
  },
  {
    key: 'etat',
    label: 'Mesurage',
    cell: (c) => (
      <>
        <span className={`badge text-bg-${ETAPE_STATUT_BADGES[c.etape_statut]}`}>
          {c.etape_statut === 'bloquee'
            ? (c.motif_blocage ?? ETAPE_STATUT_LABELS.bloquee)
            : ETAPE_STATUT_LABELS[c.etape_statut]}
        </span>
        {c.mesure_statut && (
          <div className="small text-body-secondary">
            {c.mesure_statut === 'validee' ? 'Feuille validée' : 'Brouillon'} · {c.lignes} ligne
            {c.lignes > 1 ? 's' : ''}
          </div>
        )}
      </>
    ),
  },
  {
    key: 'echeance',
    label: 'À mesurer pour',
    sortKey: 'echeance',
    className: 'text-nowrap',
    cell: (c) => (
      <span className={c.en_retard ? 'text-danger fw-semibold' : ''}>
        {formatDate(c.echeance)}
        {c.en_retard && <span className="badge text-bg-danger ms-1">En retard</span>}
      </span>
    ),
  },
  {
    key: 'equipe',
    label: 'Commercial / chef de projet',
    className: 'd-none d-lg-table-cell',
    cell: (c) => [c.commercial_nom, c.chef_nom].filter(Boolean).join(' / ') || '—',
  },
]

/** esi/mesurage Index: what waits to be measured, late first. */
export default function MesurageIndex({ commandes, filters, warnings, staff }: MesurageIndexProps) {
  const list = useList({
    path: route('esi.mesurage.index'),
    filters,
    sortKeys: MESURAGE_SORT_KEYS,
    defaultSort: [{ key: 'echeance', desc: false }],
    only: ['commandes'],
  })
  const people = staff.map((s) => ({ value: String(s.id), label: s.nom }))

  return (
    <>
      <Head title="Mesurage" />
      <PageHeader
        title="Mesurage"
        subtitle="Les commandes à mesurer, les plus en retard d’abord"
        breadcrumb={[
          { label: 'Commandes', href: route('esi.commandes.index') },
          { label: 'Mesurage' },
        ]}
      />
      <ListPage
        title="À mesurer"
        warnings={warnings}
        page={commandes}
        list={list}
        noun="commande"
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher une commande"
            searchPlaceholder="Numéro, client, chantier…"
          >
            <SelectFilter
              id="filter-etat"
              label="État du mesurage"
              all="À mesurer (pas encore fait)"
              value={filters.filter.etat ?? ''}
              choices={ETATS}
              onChange={(v) => list.setFilter('etat', v)}
            />
            <SelectFilter
              id="filter-commercial"
              label="Commercial"
              all="Tous les commerciaux"
              value={filters.filter.commercial ?? ''}
              choices={people}
              onChange={(v) => list.setFilter('commercial', v)}
            />
            <SelectFilter
              id="filter-chef"
              label="Chef de projet"
              all="Tous les chefs de projet"
              value={filters.filter.chef ?? ''}
              choices={people}
              onChange={(v) => list.setFilter('chef', v)}
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
          caption="Commandes à mesurer"
          empty={
            <EmptyState
              icon="bi-rulers"
              filtered={list.filtered}
              noMatch="Aucune commande ne correspond à ces critères."
              none="Rien à mesurer pour le moment."
              onClear={list.reset}
            >
              Une commande arrive ici quand son bon de commande est signé.
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
