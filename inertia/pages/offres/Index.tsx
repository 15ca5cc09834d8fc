import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import SearchInput from '../../components/listing/SearchInput.js'
import SortableTh from '../../components/listing/SortableTh.js'
import ListPagination from '../../components/listing/ListPagination.js'
import { useListNavigation } from '../../components/listing/use_list_navigation.js'
import StatutBadge from '../../components/offres/StatutBadge.js'
import { formatDate } from '~/lib/format'
import { formatEuros } from '@shared/totals'
import { OFFRE_STATUTS, OFFRE_STATUT_LABELS } from '@shared/devis'
import { OFFRE_VISIBLE_BY_ESI, type OffreRow } from '@shared/offres'
import type { ListFilters, Paginated } from '@shared/list_params'

export type IndexProps = {
  offres: Paginated<OffreRow>
  filters: ListFilters
  /** The sociétés of the filter: his own, or for staff those with transmitted offres. */
  societes: { id: number; nom: string }[]
  /** Staff: the offres transmitted by every partner, with the société (apporteur) column. */
  seesTransmitted: boolean
  /** Member of a pro société: may write offres. */
  canCreate: boolean
}

const DEFAULT_SORT = '-date_offre'

export default function Index({
  offres,
  filters,
  societes,
  seesTransmitted,
  canCreate,
}: IndexProps) {
  const go = useListNavigation('/app/offres', filters, DEFAULT_SORT)
  const filtered = Boolean(filters.q || Object.keys(filters.filter).length)
  const showSociete = seesTransmitted || societes.length > 1
  const statuts = seesTransmitted && !canCreate ? OFFRE_VISIBLE_BY_ESI : OFFRE_STATUTS
  const sortBy = (sort: string) => go({ sort })

  return (
    <>
      <Head title="Offres" />
      <PageHeader
        title="Offres"
        subtitle={
          seesTransmitted
            ? 'Les offres transmises par les partenaires, à transformer en devis'
            : 'Les offres de vos sociétés à vos contacts'
        }
        breadcrumb={[{ label: 'Application' }, { label: 'Offres' }]}
        actions={
          canCreate && (
            <Link href="/app/offres/create" className="btn btn-primary">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Nouvelle offre
            </Link>
          )
        }
      />
      <div className="content">
        {!canCreate && !seesTransmitted && (
          <div className="alert alert-info">
            Vous n’êtes rattaché à aucune société partenaire : demandez à son administrateur de vous
            y inviter pour rédiger des offres.
          </div>
        )}
        <Block title="Liste des offres">
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <SearchInput
              value={filters.q}
              label="Rechercher une offre"
              placeholder="Numéro, objet, contact, société…"
              onSearch={(q) => go({ q }, { replace: true })}
            />
            <label htmlFor="filter-statut" className="visually-hidden">
              Statut
            </label>
            <select
              id="filter-statut"
              className="form-select w-auto"
              value={filters.filter.statut ?? ''}
              onChange={(e) => go({ filter: { ...filters.filter, statut: e.target.value } })}
            >
              <option value="">Tous les statuts</option>
              {statuts.map((s) => (
                <option key={s} value={s}>
                  {OFFRE_STATUT_LABELS[s]}
                </option>
              ))}
            </select>
            {showSociete && (
              <>
                <label htmlFor="filter-societe" className="visually-hidden">
                  Société
                </label>
                <select
                  id="filter-societe"
                  className="form-select w-auto"
                  value={filters.filter.societe ?? ''}
                  onChange={(e) => go({ filter: { ...filters.filter, societe: e.target.value } })}
                >
                  <option value="">Toutes les sociétés</option>
                  {societes.map((s) => (
                    <option key={s.id} value={s.id}>
                      {s.nom}
                    </option>
                  ))}
                </select>
              </>
            )}
            {filtered && (
              <button
                type="button"
                className="btn btn-alt-secondary"
                onClick={() => go({ q: '', filter: {} })}
              >
                <i className="bi bi-x-circle me-1" aria-hidden="true" />
                Réinitialiser
              </button>
            )}
          </div>
          {offres.data.length === 0 ? (
            <div className="text-center py-5">
              <i
                className="bi bi-file-earmark-richtext display-6 text-body-tertiary"
                aria-hidden="true"
              />
              <p className="fw-semibold mt-2 mb-1">
                {filtered
                  ? 'Aucune offre ne correspond à ces critères.'
                  : seesTransmitted && !canCreate
                    ? 'Aucune offre transmise pour le moment.'
                    : 'Aucune offre pour le moment.'}
              </p>
              {canCreate && !filtered && (
                <Link href="/app/offres/create" className="btn btn-sm btn-primary mt-2">
                  Rédiger une première offre
                </Link>
              )}
            </div>
          ) : (
            <div className="table-responsive">
              <table
                className="table table-hover table-vcenter align-middle mb-0"
                id="offres-table"
              >
                <thead>
                  <tr>
                    <SortableTh column="numero" sort={filters.sort} onSort={sortBy}>
                      Numéro
                    </SortableTh>
                    <SortableTh column="date_offre" sort={filters.sort} onSort={sortBy}>
                      Date
                    </SortableTh>
                    <SortableTh column="objet" sort={filters.sort} onSort={sortBy}>
                      Objet
                    </SortableTh>
                    <SortableTh
                      column="contact"
                      sort={filters.sort}
                      onSort={sortBy}
                      className="d-none d-md-table-cell"
                    >
                      Contact
                    </SortableTh>
                    {showSociete && (
                      <SortableTh column="societe" sort={filters.sort} onSort={sortBy}>
                        {seesTransmitted ? 'Apporteur' : 'Société'}
                      </SortableTh>
                    )}
                    <SortableTh
                      column="total_ttc"
                      sort={filters.sort}
                      onSort={sortBy}
                      className="text-end"
                    >
                      Total TVAC
                    </SortableTh>
                    <SortableTh column="statut" sort={filters.sort} onSort={sortBy}>
                      Statut
                    </SortableTh>
                  </tr>
                </thead>
                <tbody>
                  {offres.data.map((o) => (
                    <tr key={o.id} data-offre-id={o.id}>
                      <td className="text-nowrap">
                        <Link href={`/app/offres/${o.id}/preview`} className="fw-semibold">
                          {o.numero ?? <span className="fst-italic">Brouillon</span>}
                        </Link>
                      </td>
                      <td className="text-nowrap">{formatDate(o.date_offre)}</td>
                      <td className="offre-objet">{o.objet}</td>
                      <td className="d-none d-md-table-cell">{o.contact}</td>
                      {showSociete && <td>{o.societe.nom}</td>}
                      <td className="text-end text-nowrap">{formatEuros(o.total_ttc)}</td>
                      <td className="text-nowrap">
                        <StatutBadge statut={o.statut} />
                        {seesTransmitted && o.devis_id && (
                          <a href={`/esi/devis/${o.devis_id}/edit`} className="ms-2 small">
                            Voir le devis
                          </a>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ListPagination
            meta={offres.meta}
            noun="offres"
            onPage={(page) => go({ page })}
            onPerPage={(per_page) => go({ per_page })}
          />
        </Block>
      </div>
    </>
  )
}
