import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import FormSocietes from '../../components/company/FormSocietes.js'
import SortableTh from '../../components/listing/SortableTh.js'
import ListPagination from '../../components/listing/ListPagination.js'
import { useListNavigation } from '../../components/listing/use_list_navigation.js'
import { MEMBER_ROLE_LABELS, SOCIETE_TYPE_LABELS } from '../../components/dashboard/labels.js'
import type { SocieteRow } from '../../components/company/types.js'
import type { ListFilters, Paginated } from '@shared/list_params'
import type { SocieteType } from '@shared/societes'

export type IndexProps = {
  societes: Paginated<SocieteRow>
  filters: ListFilters
  /** Staff: every société, not only the user's. */
  seesAll: boolean
  creatableTypes: SocieteType[]
}

function TypeBadge({ type }: { type: string }) {
  const t = SOCIETE_TYPE_LABELS[type] ?? { label: type, color: 'secondary' }
  return <span className={`badge bg-${t.color}-subtle text-${t.color}-emphasis`}>{t.label}</span>
}

export default function Index({ societes, filters, seesAll, creatableTypes }: IndexProps) {
  const go = useListNavigation('/app/company', filters, 'nom')
  const filtered = Boolean(filters.q || Object.keys(filters.filter).length)

  return (
    <>
      <Head title="Sociétés" />
      <PageHeader
        title="Sociétés"
        subtitle={seesAll ? 'Toutes les sociétés' : 'Les sociétés dont vous faites partie'}
        breadcrumb={[{ label: 'Application' }, { label: 'Sociétés' }]}
        actions={
          creatableTypes.length > 0 && (
            <Link href="/app/company/create" className="btn btn-primary">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Nouvelle société
            </Link>
          )
        }
      />
      <div className="content">
        <Block title="Liste des sociétés">
          <FormSocietes filters={filters} onChange={go} />
          {societes.data.length === 0 ? (
            <div className="text-center py-5">
              <i className="bi bi-buildings display-6 text-body-tertiary" aria-hidden="true" />
              <p className="fw-semibold mt-2 mb-1">
                {filtered
                  ? 'Aucune société ne correspond à ces critères.'
                  : 'Aucune société pour le moment.'}
              </p>
              {filtered && (
                <button
                  type="button"
                  className="btn btn-link"
                  onClick={() => go({ q: '', filter: {} })}
                >
                  Effacer la recherche et les filtres
                </button>
              )}
            </div>
          ) : (
            <div className="table-responsive">
              <table className="table table-hover table-vcenter align-middle mb-0">
                <thead>
                  <tr>
                    <SortableTh column="nom" sort={filters.sort} onSort={(sort) => go({ sort })}>
                      Nom
                    </SortableTh>
                    <SortableTh column="type" sort={filters.sort} onSort={(sort) => go({ sort })}>
                      Type
                    </SortableTh>
                    <SortableTh
                      column="numero_tva"
                      sort={filters.sort}
                      onSort={(sort) => go({ sort })}
                      className="d-none d-md-table-cell"
                    >
                      N° de TVA
                    </SortableTh>
                    <SortableTh
                      column="localite"
                      sort={filters.sort}
                      onSort={(sort) => go({ sort })}
                      className="d-none d-lg-table-cell"
                    >
                      Localité
                    </SortableTh>
                    <th scope="col" className="d-none d-lg-table-cell">
                      Utilisateurs
                    </th>
                    <th scope="col">Votre rôle</th>
                    <th scope="col" className="text-end">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {societes.data.map((s) => (
                    <tr key={s.id}>
                      <td>
                        <div className="d-flex align-items-center gap-2">
                          {s.logo_url ? (
                            <img
                              src={s.logo_url}
                              alt=""
                              width={32}
                              height={32}
                              className="rounded object-fit-contain bg-body-tertiary"
                            />
                          ) : (
                            <span
                              className="d-inline-flex align-items-center justify-content-center rounded bg-body-tertiary fw-bold"
                              style={{ width: 32, height: 32 }}
                              aria-hidden="true"
                            >
                              {s.nom.trim().charAt(0).toUpperCase()}
                            </span>
                          )}
                          <div>
                            {s.can_edit ? (
                              <Link href={`/app/company/${s.id}/edit`} className="fw-semibold">
                                {s.nom}
                              </Link>
                            ) : (
                              <span className="fw-semibold">{s.nom}</span>
                            )}
                            {s.forme_juridique && (
                              <span className="text-body-secondary small ms-1">
                                {s.forme_juridique}
                              </span>
                            )}
                            {s.email && <div className="small text-body-secondary">{s.email}</div>}
                          </div>
                        </div>
                      </td>
                      <td>
                        <TypeBadge type={s.type} />
                      </td>
                      <td className="d-none d-md-table-cell font-monospace small">
                        {s.numero_tva ?? '—'}
                      </td>
                      <td className="d-none d-lg-table-cell">{s.localite ?? '—'}</td>
                      <td className="d-none d-lg-table-cell">{s.members_count}</td>
                      <td>
                        {s.my_role ? (
                          <span
                            className={`badge rounded-pill ${s.my_role === 'admin' ? 'text-bg-primary' : 'text-bg-secondary'}`}
                          >
                            {MEMBER_ROLE_LABELS[s.my_role]}
                          </span>
                        ) : (
                          <span className="text-body-secondary small">—</span>
                        )}
                      </td>
                      <td className="text-end">
                        {s.can_edit && (
                          <Link
                            href={`/app/company/${s.id}/edit`}
                            className="btn btn-sm btn-alt-secondary"
                            aria-label={`Modifier ${s.nom}`}
                            title="Modifier"
                          >
                            <i className="bi bi-pencil" aria-hidden="true" />
                          </Link>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ListPagination
            meta={societes.meta}
            noun="sociétés"
            onPage={(page) => go({ page })}
            onPerPage={(per_page) => go({ per_page })}
          />
        </Block>
      </div>
    </>
  )
}
