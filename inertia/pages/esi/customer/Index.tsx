import { useState } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import SortHeader from '../../../components/list/SortHeader.js'
import Pager from '../../../components/list/Pager.js'
import SearchBox from '../../../components/list/SearchBox.js'
import ListWarnings from '../../../components/list/ListWarnings.js'
import { exportUrl, useListVisit } from '../../../components/list/use_list_visit.js'
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
import {
  DEFAULT_PER_PAGE,
  PER_PAGE_CHOICES,
  parseSort,
  sortToString,
  toggleSort,
  type ListFilters,
  type ListPage,
} from '@shared/list_query'

export type CustomerIndexProps = {
  clients: ListPage<ClientListItem>
  filters: ListFilters
  warnings: string[]
  apporteurs: SocieteOption[]
}

const PATH = '/esi/customers'
const DEFAULT_SORT = [{ key: 'id_client', desc: true }]

export default function CustomerIndex({
  clients,
  filters,
  warnings,
  apporteurs,
}: CustomerIndexProps) {
  const [creating, setCreating] = useState(false)
  const visit = useListVisit(PATH, filters, ['clients', 'filters', 'warnings'])
  const sort = parseSort(filters.sort, CLIENT_SORT_KEYS, DEFAULT_SORT).sort
  const onSort = (key: string, add: boolean) =>
    visit({ sort: sortToString(toggleSort(sort, key, add)) })
  const filtered = Object.keys(filters.filter).length > 0 || filters.q !== ''

  const header = (label: string, key: string, className?: string) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} className={className} />
  )

  return (
    <>
      <Head title="Clients" />
      <PageHeader
        title="Clients"
        subtitle="Particuliers et professionnels, avec leurs adresses de facturation et de chantier."
        breadcrumb={[{ label: 'Gestion' }, { label: 'Clients' }]}
        actions={
          <div className="d-flex gap-2">
            <a className="btn btn-alt-secondary" href={exportUrl(PATH, filters)} download>
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

      <div className="content">
        <ListWarnings warnings={warnings} />
        <Block>
          <form
            className="row g-2 align-items-end mb-3"
            role="search"
            onSubmit={(e) => e.preventDefault()}
          >
            <div className="col-md-5">
              <SearchBox
                value={filters.q}
                label="Rechercher un client"
                placeholder="Nom, société, e-mail, localité, n° de TVA…"
                onSearch={(q) => visit({ q }, { kind: 'first' }, true)}
              />
            </div>
            <div className="col-6 col-md-2">
              <label htmlFor="filter-type" className="form-label small mb-1">
                Type
              </label>
              <select
                id="filter-type"
                className="form-select"
                value={filters.filter.type ?? ''}
                onChange={(e) => visit({ filter: { type: e.target.value } })}
              >
                <option value="">Tous</option>
                {CLIENT_TYPES.map((t) => (
                  <option key={t} value={t}>
                    {CLIENT_TYPE_LABELS[t]}s
                  </option>
                ))}
              </select>
            </div>
            <div className="col-6 col-md-3">
              <label htmlFor="filter-apporteur" className="form-label small mb-1">
                Apporteur
              </label>
              <select
                id="filter-apporteur"
                className="form-select"
                value={filters.filter.apporteur ?? ''}
                onChange={(e) => visit({ filter: { apporteur: e.target.value } })}
              >
                <option value="">Tous</option>
                <option value={NO_APPORTEUR}>Sans apporteur</option>
                {apporteurs.map((s) => (
                  <option key={s.id} value={String(s.id)}>
                    {s.nom}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-6 col-md-1">
              <label htmlFor="per-page" className="form-label small mb-1">
                Lignes
              </label>
              <select
                id="per-page"
                className="form-select"
                value={filters.per_page}
                onChange={(e) => visit({ per_page: Number(e.target.value) })}
              >
                {PER_PAGE_CHOICES.map((n) => (
                  <option key={n} value={n}>
                    {n}
                  </option>
                ))}
              </select>
            </div>
            <div className="col-6 col-md-1">
              {(filtered || filters.per_page !== DEFAULT_PER_PAGE) && (
                <Link
                  href={`${PATH}?sort=${encodeURIComponent(filters.sort)}`}
                  className="btn btn-link px-0"
                >
                  Réinitialiser
                </Link>
              )}
            </div>
          </form>

          <div className="table-responsive">
            <table
              className="table table-sm table-hover table-vcenter align-middle mb-3"
              id="clients-table"
            >
              <caption className="visually-hidden">Liste des clients</caption>
              <thead>
                <tr>
                  {header('N°', 'id_client', 'text-end')}
                  {header('Type', 'type')}
                  {header('Nom', 'nom')}
                  {header('Société', 'societe')}
                  {header('CP', 'code_postal')}
                  {header('Localité', 'localite')}
                  {header('Contact', 'email')}
                  <th scope="col">Apporteur</th>
                  {header('Créé le', 'created_at')}
                </tr>
              </thead>
              <tbody>
                {clients.data.map((c) => (
                  <tr key={c.id_client} data-id={c.id_client}>
                    <td className="text-end text-nowrap">
                      <Link href={`${PATH}/${c.id_client}`}>{c.id_client}</Link>
                    </td>
                    <td>
                      <span
                        className={`badge ${c.type === 'professionnel' ? 'text-bg-info' : 'text-bg-secondary'}`}
                      >
                        {CLIENT_TYPE_LABELS[c.type]}
                      </span>
                    </td>
                    <td className="client-name">
                      <Link href={`${PATH}/${c.id_client}`} className="fw-semibold">
                        {c.nom}
                      </Link>{' '}
                      {c.prenom}
                    </td>
                    <td className="small">{c.societe}</td>
                    <td>{c.code_postal}</td>
                    <td>{c.localite}</td>
                    <td className="text-truncate small" style={{ maxWidth: 220 }}>
                      {c.email && (
                        <a href={`mailto:${c.email}`} title={c.email}>
                          {c.email}
                        </a>
                      )}
                      {c.telephone && <div className="text-nowrap">{c.telephone}</div>}
                    </td>
                    <td className="small">{c.apporteur?.nom}</td>
                    <td className="text-nowrap">{formatDate(c.created_at)}</td>
                  </tr>
                ))}
                {clients.data.length === 0 && (
                  <tr>
                    <td colSpan={9} className="text-center text-body-secondary py-4">
                      {filtered
                        ? 'Aucun client ne correspond à ces critères.'
                        : 'Aucun client pour le moment.'}
                    </td>
                  </tr>
                )}
              </tbody>
            </table>
          </div>
          <Pager page={clients} noun="client" onNavigate={(position) => visit({}, position)} />
        </Block>
      </div>

      <ClientFormModal show={creating} onClose={() => setCreating(false)} apporteurs={apporteurs} />
    </>
  )
}
