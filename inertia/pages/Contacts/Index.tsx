import { useState } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import SearchInput from '../../components/listing/SearchInput.js'
import SortableTh from '../../components/listing/SortableTh.js'
import ListPagination from '../../components/listing/ListPagination.js'
import { useListNavigation } from '../../components/listing/use_list_navigation.js'
import ContactModal from '../../components/contacts/ContactModal.js'
import type { ContactRow, SocieteOption } from '../../components/contacts/types.js'
import type { ListFilters, Paginated } from '@shared/list_params'

export type IndexProps = {
  contacts: Paginated<ContactRow>
  filters: ListFilters
  /** The pro sociétés the user may file contacts in (and filter by). */
  societes: SocieteOption[]
  /** Staff: every société's contacts, the société column shown. */
  seesAll: boolean
}

export default function Index({ contacts, filters, societes, seesAll }: IndexProps) {
  const go = useListNavigation('/app/contacts', filters, 'nom')
  const [creating, setCreating] = useState(false)
  const filtered = Boolean(filters.q || Object.keys(filters.filter).length)
  const showSociete = seesAll || societes.length > 1
  const sortBy = (sort: string) => go({ sort })

  return (
    <>
      <Head title="Contacts" />
      <PageHeader
        title="Contacts"
        subtitle={seesAll ? 'Les contacts de tous les partenaires' : 'Les contacts de vos sociétés'}
        breadcrumb={[{ label: 'Application' }, { label: 'Contacts' }]}
        actions={
          societes.length > 0 && (
            <button type="button" className="btn btn-primary" onClick={() => setCreating(true)}>
              <i className="bi bi-person-plus me-1" aria-hidden="true" />
              Nouveau contact
            </button>
          )
        }
      />
      <div className="content">
        {societes.length === 0 && !seesAll && (
          <div className="alert alert-info">
            Vous n’êtes rattaché à aucune société partenaire : demandez à son administrateur de vous
            y inviter pour gérer ses contacts.
          </div>
        )}
        <Block title="Liste des contacts">
          <div className="d-flex flex-wrap gap-2 align-items-center mb-3">
            <SearchInput
              value={filters.q}
              label="Rechercher un contact"
              placeholder="Nom, prénom, e-mail, téléphone, localité…"
              onSearch={(q) => go({ q }, { replace: true })}
            />
            {showSociete && (
              <>
                <label htmlFor="filter-societe" className="visually-hidden">
                  Société
                </label>
                <select
                  id="filter-societe"
                  className="form-select w-auto"
                  value={filters.filter.societe ?? ''}
                  onChange={(e) => go({ filter: { societe: e.target.value } })}
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
          {contacts.data.length === 0 ? (
            <div className="text-center py-5">
              <i
                className="bi bi-person-lines-fill display-6 text-body-tertiary"
                aria-hidden="true"
              />
              <p className="fw-semibold mt-2 mb-1">
                {filtered
                  ? 'Aucun contact ne correspond à ces critères.'
                  : 'Aucun contact pour le moment.'}
              </p>
            </div>
          ) : (
            <div className="table-responsive">
              <table className="table table-hover table-vcenter align-middle mb-0">
                <thead>
                  <tr>
                    <SortableTh column="nom" sort={filters.sort} onSort={sortBy}>
                      Nom
                    </SortableTh>
                    <SortableTh
                      column="email"
                      sort={filters.sort}
                      onSort={sortBy}
                      className="d-none d-md-table-cell"
                    >
                      E-mail
                    </SortableTh>
                    <th scope="col" className="d-none d-md-table-cell">
                      Téléphone
                    </th>
                    <SortableTh
                      column="localite"
                      sort={filters.sort}
                      onSort={sortBy}
                      className="d-none d-lg-table-cell"
                    >
                      Localité
                    </SortableTh>
                    {showSociete && (
                      <SortableTh column="societe" sort={filters.sort} onSort={sortBy}>
                        Société
                      </SortableTh>
                    )}
                  </tr>
                </thead>
                <tbody>
                  {contacts.data.map((c) => (
                    <tr key={c.id}>
                      <td>
                        <Link href={`/app/contacts/${c.id}`} className="fw-semibold">
                          {c.nom}
                          {c.prenom && <span className="fw-normal"> {c.prenom}</span>}
                        </Link>
                      </td>
                      <td className="d-none d-md-table-cell">
                        {c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '—'}
                      </td>
                      <td className="d-none d-md-table-cell text-nowrap">
                        {c.telephone ? (
                          <a href={`tel:${c.telephone.replace(/[^+\d]/g, '')}`}>{c.telephone}</a>
                        ) : (
                          '—'
                        )}
                      </td>
                      <td className="d-none d-lg-table-cell">{c.localite ?? '—'}</td>
                      {showSociete && <td>{c.societe.nom}</td>}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ListPagination
            meta={contacts.meta}
            noun="contacts"
            onPage={(page) => go({ page })}
            onPerPage={(per_page) => go({ per_page })}
          />
        </Block>
      </div>
      {creating && (
        <ContactModal contact={null} societes={societes} onClose={() => setCreating(false)} />
      )}
    </>
  )
}
