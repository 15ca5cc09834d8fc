import { useState } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import ListPage from '../../../components/list/ListPage.js'
import ListToolbar, { SelectFilter } from '../../../components/list/ListToolbar.js'
import DataTable, { type Column } from '../../../components/list/DataTable.js'
import EmptyState from '../../../components/list/EmptyState.js'
import { useList } from '../../../components/list/use_list.js'
import { exportUrl } from '../../../components/list/use_list_visit.js'
import { route } from '../../../lib/route.js'
import ClientFormModal from '../../../components/clients/ClientFormModal.js'
import { formatDate } from '../../../lib/format.js'
import {
  CLIENT_SORT_KEYS,
  CLIENT_TYPE_LABELS,
  CLIENT_TYPES,
  NO_APPORTEUR,
  type ClientListItem,
  type SocieteOption,
} from '@shared/clients'
import type { ListFilters, ListPage as Page, SortKey } from '@shared/list_query'

export type CustomerIndexProps = {
  clients: Page<ClientListItem>
  filters: ListFilters
  warnings: string[]
  apporteurs: SocieteOption[]
}

const DEFAULT_SORT: SortKey[] = [{ key: 'id_client', desc: true }]

const COLUMNS: Column<ClientListItem>[] = [
  {
    key: 'id',
    label: 'N°',
    sortKey: 'id_client',
    className: 'text-end text-nowrap',
    cell: (c) => <Link href={route('esi.customers.show', { id: c.id_client })}>{c.id_client}</Link>,
  },
  {
    key: 'type',
    label: 'Type',
    sortKey: 'type',
    cell: (c) => (
      <span
        className={`badge ${c.type === 'professionnel' ? 'text-bg-info' : 'text-bg-secondary'}`}
      >
        {CLIENT_TYPE_LABELS[c.type]}
      </span>
    ),
  },
  {
    key: 'nom',
    label: 'Nom',
    sortKey: 'nom',
    className: 'client-name',
    cell: (c) => (
      <>
        <Link href={route('esi.customers.show', { id: c.id_client })} className="fw-semibold">
          {c.nom}
        </Link>{' '}
        {c.prenom}
      </>
    ),
  },
  {
    key: 'societe',
    label: 'Société',
    sortKey: 'societe',
    className: 'small',
    cell: (c) => c.societe,
  },
  { key: 'cp', label: 'CP', sortKey: 'code_postal', cell: (c) => c.code_postal },
  { key: 'localite', label: 'Localité', sortKey: 'localite', cell: (c) => c.localite },
  {
    key: 'contact',
    label: 'Contact',
    sortKey: 'email',
    className: 'text-truncate small',
    cell: (c) => (
      <div style={{ maxWidth: 220 }}>
        {c.email && (
          <a href={`mailto:${c.email}`} title={c.email}>
            {c.email}
          </a>
        )}
        {c.telephone && <div className="text-nowrap">{c.telephone}</div>}
      </div>
    ),
  },
  { key: 'apporteur', label: 'Apporteur', className: 'small', cell: (c) => c.apporteur?.nom },
  {
    key: 'created_at',
    label: 'Créé le',
    sortKey: 'created_at',
    className: 'text-nowrap',
    cell: (c) => formatDate(c.created_at),
  },
]

export default function CustomerIndex({
  clients,
  filters,
  warnings,
  apporteurs,
}: CustomerIndexProps) {
  const [creating, setCreating] = useState(false)
  const list = useList({
    path: route('esi.customers.index'),
    filters,
    sortKeys: CLIENT_SORT_KEYS,
    defaultSort: DEFAULT_SORT,
    only: ['clients'],
  })

  return (
    <>
      <Head title="Clients" />
      <PageHeader
        title="Clients"
        subtitle="Particuliers et professionnels, avec leurs adresses de facturation et de chantier."
        breadcrumb={[{ label: 'Gestion' }, { label: 'Clients' }]}
        actions={
          <div className="d-flex gap-2">
            <a
              className="btn btn-alt-secondary"
              href={exportUrl(route('esi.customers.export'), filters)}
              download
            >
              <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
              Exporter (CSV)
            </a>
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              <i className="bi bi-person-plus me-1" aria-hidden="true" />
              Nouveau client
            </button>
          </div>
        }
      />

      <ListPage
        warnings={warnings}
        page={clients}
        list={list}
        noun="client"
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher un client"
            searchPlaceholder="Nom, société, e-mail, localité, n° de TVA…"
          >
            <SelectFilter
              id="filter-type"
              label="Type"
              all="Tous les types"
              value={filters.filter.type ?? ''}
              choices={CLIENT_TYPES.map((t) => ({ value: t, label: `${CLIENT_TYPE_LABELS[t]}s` }))}
              onChange={(v) => list.setFilter('type', v)}
            />
            <SelectFilter
              id="filter-apporteur"
              label="Apporteur"
              all="Tous les apporteurs"
              value={filters.filter.apporteur ?? ''}
              choices={[
                { value: NO_APPORTEUR, label: 'Sans apporteur' },
                ...apporteurs.map((s) => ({ value: String(s.id), label: s.nom })),
              ]}
              onChange={(v) => list.setFilter('apporteur', v)}
            />
          </ListToolbar>
        }
      >
        <DataTable
          id="clients-table"
          small
          rows={clients.data}
          columns={COLUMNS}
          rowKey={(c) => c.id_client}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des clients"
          empty={
            <EmptyState
              icon="bi-people"
              filtered={list.filtered}
              noMatch="Aucun client ne correspond à ces critères."
              none="Aucun client pour le moment."
              onClear={list.reset}
            />
          }
        />
      </ListPage>

      <ClientFormModal show={creating} onClose={() => setCreating(false)} apporteurs={apporteurs} />
    </>
  )
}
