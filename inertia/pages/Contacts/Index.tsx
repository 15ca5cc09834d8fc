import { useState } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import ListPage from '../../components/list/ListPage.js'
import ListToolbar, { SelectFilter } from '../../components/list/ListToolbar.js'
import DataTable, { type Column } from '../../components/list/DataTable.js'
import EmptyState from '../../components/list/EmptyState.js'
import { useList } from '../../components/list/use_list.js'
import ContactModal from '../../components/contacts/ContactModal.js'
import type { ContactRow, SocieteOption } from '../../components/contacts/types.js'
import { route } from '../../lib/route.js'
import {
  BY_NAME,
  CONTACT_SORT_KEYS,
  type ListFilters,
  type ListPage as Page,
} from '@shared/list_query'

export type IndexProps = {
  contacts: Page<ContactRow>
  filters: ListFilters
  warnings: string[]
  /** The pro sociétés the user may file contacts in (and filter by). */
  societes: SocieteOption[]
  /** Staff: every société's contacts, the société column shown. */
  seesAll: boolean
}

function columns(showSociete: boolean): Column<ContactRow>[] {
  const all: Column<ContactRow>[] = [
    {
      key: 'nom',
      label: 'Nom',
      sortKey: 'nom',
      cell: (c) => (
        <Link href={route('partner.contacts.show', { id: c.id })} className="fw-semibold">
          {c.nom}
          {c.prenom && <span className="fw-normal"> {c.prenom}</span>}
        </Link>
      ),
    },
    {
      key: 'email',
      label: 'E-mail',
      sortKey: 'email',
      className: 'd-none d-md-table-cell',
      cell: (c) => (c.email ? <a href={`mailto:${c.email}`}>{c.email}</a> : '—'),
    },
    {
      key: 'telephone',
      label: 'Téléphone',
      className: 'd-none d-md-table-cell text-nowrap',
      cell: (c) =>
        c.telephone ? <a href={`tel:${c.telephone.replace(/[^+\d]/g, '')}`}>{c.telephone}</a> : '—',
    },
    {
      key: 'localite',
      label: 'Localité',
      sortKey: 'localite',
      className: 'd-none d-lg-table-cell',
      cell: (c) => c.localite ?? '—',
    },
  ]
  if (showSociete) {
    all.push({ key: 'societe', label: 'Société', sortKey: 'societe', cell: (c) => c.societe.nom })
  }
  return all
}

export default function Index({ contacts, filters, warnings, societes, seesAll }: IndexProps) {
  const list = useList({
    path: route('partner.contacts.index'),
    filters,
    sortKeys: CONTACT_SORT_KEYS,
    defaultSort: BY_NAME,
    only: ['contacts'],
  })
  const [creating, setCreating] = useState(false)
  const showSociete = seesAll || societes.length > 1

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
      {societes.length === 0 && !seesAll && (
        <div className="content pb-0">
          <div className="alert alert-info mb-0">
            Vous n’êtes rattaché à aucune société partenaire : demandez à son administrateur de vous
            y inviter pour gérer ses contacts.
          </div>
        </div>
      )}
      <ListPage
        title="Liste des contacts"
        warnings={warnings}
        page={contacts}
        list={list}
        noun="contact"
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher un contact"
            searchPlaceholder="Nom, prénom, e-mail, téléphone, localité…"
          >
            {showSociete && (
              <SelectFilter
                id="filter-societe"
                label="Société"
                all="Toutes les sociétés"
                value={filters.filter.societe ?? ''}
                choices={societes.map((s) => ({ value: String(s.id), label: s.nom }))}
                onChange={(v) => list.setFilter('societe', v)}
              />
            )}
          </ListToolbar>
        }
      >
        <DataTable
          rows={contacts.data}
          columns={columns(showSociete)}
          rowKey={(c) => c.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des contacts"
          empty={
            <EmptyState
              icon="bi-person-lines-fill"
              filtered={list.filtered}
              noMatch="Aucun contact ne correspond à ces critères."
              none="Aucun contact pour le moment."
              onClear={list.reset}
            />
          }
        />
      </ListPage>
      {creating && (
        <ContactModal contact={null} societes={societes} onClose={() => setCreating(false)} />
      )}
    </>
  )
}
