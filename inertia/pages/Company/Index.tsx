import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import ListPage from '../../components/list/ListPage.js'
import FormSocietes from '../../components/company/FormSocietes.js'
import DataTable, { type Column } from '../../components/list/DataTable.js'
import EmptyState from '../../components/list/EmptyState.js'
import { useList } from '../../components/list/use_list.js'
import { MEMBER_ROLE_LABELS, SOCIETE_TYPE_LABELS } from '../../components/dashboard/labels.js'
import type { SocieteRow } from '../../components/company/types.js'
import { route } from '../../lib/route.js'
import {
  BY_NAME,
  SOCIETE_SORT_KEYS,
  type ListFilters,
  type ListPage as Page,
} from '@shared/list_query'
import type { SocieteType } from '@shared/societes'

export type IndexProps = {
  societes: Page<SocieteRow>
  filters: ListFilters
  warnings: string[]
  /** Staff: every société, not only the user's. */
  seesAll: boolean
  creatableTypes: SocieteType[]
}

function TypeBadge({ type }: { type: string }) {
  const t = SOCIETE_TYPE_LABELS[type] ?? { label: type, color: 'secondary' }
  return <span className={`badge bg-${t.color}-subtle text-${t.color}-emphasis`}>{t.label}</span>
}

function NameCell({ s }: { s: SocieteRow }) {
  return (
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
          <Link href={route('app.company.edit', { id: s.id })} className="fw-semibold">
            {s.nom}
          </Link>
        ) : (
          <span className="fw-semibold">{s.nom}</span>
        )}
        {s.forme_juridique && (
          <span className="text-body-secondary small ms-1">{s.forme_juridique}</span>
        )}
        {s.email && <div className="small text-body-secondary">{s.email}</div>}
      </div>
    </div>
  )
}

const COLUMNS: Column<SocieteRow>[] = [
  { key: 'nom', label: 'Nom', sortKey: 'nom', cell: (s) => <NameCell s={s} /> },
  { key: 'type', label: 'Type', sortKey: 'type', cell: (s) => <TypeBadge type={s.type} /> },
  {
    key: 'numero_tva',
    label: 'N° de TVA',
    sortKey: 'numero_tva',
    className: 'd-none d-md-table-cell font-monospace small',
    cell: (s) => s.numero_tva ?? '—',
  },
  {
    key: 'localite',
    label: 'Localité',
    sortKey: 'localite',
    className: 'd-none d-lg-table-cell',
    cell: (s) => s.localite ?? '—',
  },
  {
    key: 'members',
    label: 'Utilisateurs',
    className: 'd-none d-lg-table-cell',
    cell: (s) => s.members_count,
  },
  {
    key: 'role',
    label: 'Votre rôle',
    cell: (s) =>
      s.my_role ? (
        <span
          className={`badge rounded-pill ${s.my_role === 'admin' ? 'text-bg-primary' : 'text-bg-secondary'}`}
        >
          {MEMBER_ROLE_LABELS[s.my_role]}
        </span>
      ) : (
        <span className="text-body-secondary small">—</span>
      ),
  },
  {
    key: 'actions',
    label: <span className="visually-hidden">Actions</span>,
    className: 'text-end',
    cell: (s) =>
      s.can_edit && (
        <Link
          href={route('app.company.edit', { id: s.id })}
          className="btn btn-sm btn-alt-secondary"
          aria-label={`Modifier ${s.nom}`}
          title="Modifier"
        >
          <i className="bi bi-pencil" aria-hidden="true" />
        </Link>
      ),
  },
]

/** Company/Index with its filter bar (SPEC.md Company/FormSocietes): search and type. */
export default function Index({
  societes,
  filters,
  warnings,
  seesAll,
  creatableTypes,
}: IndexProps) {
  const list = useList({
    path: route('app.company.index'),
    filters,
    sortKeys: SOCIETE_SORT_KEYS,
    defaultSort: BY_NAME,
    only: ['societes'],
  })

  return (
    <>
      <Head title="Sociétés" />
      <PageHeader
        title="Sociétés"
        subtitle={seesAll ? 'Toutes les sociétés' : 'Les sociétés dont vous faites partie'}
        breadcrumb={[{ label: 'Application' }, { label: 'Sociétés' }]}
        actions={
          creatableTypes.length > 0 && (
            <Link href={route('app.company.create')} className="btn btn-primary">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Nouvelle société
            </Link>
          )
        }
      />
      <ListPage
        title="Liste des sociétés"
        warnings={warnings}
        page={societes}
        list={list}
        noun="société"
        toolbar={<FormSocietes filters={filters} list={list} />}
      >
        <DataTable
          rows={societes.data}
          columns={COLUMNS}
          rowKey={(s) => s.id}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des sociétés"
          empty={
            <EmptyState
              icon="bi-buildings"
              filtered={list.filtered}
              noMatch="Aucune société ne correspond à ces critères."
              none="Aucune société pour le moment."
              onClear={list.reset}
            />
          }
        />
      </ListPage>
    </>
  )
}
