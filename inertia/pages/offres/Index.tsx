import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import ListPage from '../../components/list/ListPage.js'
import ListToolbar, { SelectFilter } from '../../components/list/ListToolbar.js'
import DataTable, { type Column } from '../../components/list/DataTable.js'
import EmptyState from '../../components/list/EmptyState.js'
import { useList } from '../../components/list/use_list.js'
import StatutBadge from '../../components/offres/StatutBadge.js'
import { formatDate } from '~/lib/format'
import { route } from '~/lib/route'
import { formatEuros } from '@shared/totals'
import { OFFRE_STATUTS, OFFRE_STATUT_LABELS } from '@shared/devis'
import { OFFRE_VISIBLE_BY_ESI, type OffreRow } from '@shared/offres'
import {
  OFFRE_DEFAULT_SORT,
  OFFRE_SORT_KEYS,
  type ListFilters,
  type ListPage as Page,
} from '@shared/list_query'

export type IndexProps = {
  offres: Page<OffreRow>
  filters: ListFilters
  warnings: string[]
  /** The sociétés of the filter: his own, or for staff those with transmitted offres. */
  societes: { id: number; nom: string }[]
  /** Staff: the offres transmitted by every partner, with the société (apporteur) column. */
  seesTransmitted: boolean
  /** Member of a pro société: may write offres. */
  canCreate: boolean
}

function columns(showSociete: boolean, seesTransmitted: boolean): Column<OffreRow>[] {
  const all: Column<OffreRow>[] = [
    {
      key: 'numero',
      label: 'Numéro',
      sortKey: 'numero',
      className: 'text-nowrap',
      cell: (o) => (
        <Link href={route('partner.offres.preview', { id: o.id })} className="fw-semibold">
          {o.numero ?? <span className="fst-italic">Brouillon</span>}
        </Link>
      ),
    },
    {
      key: 'date',
      label: 'Date',
      sortKey: 'date_offre',
      className: 'text-nowrap',
      cell: (o) => formatDate(o.date_offre),
    },
    {
      key: 'objet',
      label: 'Objet',
      sortKey: 'objet',
      className: 'offre-objet',
      cell: (o) => o.objet,
    },
    {
      key: 'contact',
      label: 'Contact',
      sortKey: 'contact',
      className: 'd-none d-md-table-cell',
      cell: (o) => o.contact,
    },
  ]
  if (showSociete) {
    all.push({
      key: 'societe',
      label: seesTransmitted ? 'Apporteur' : 'Société',
      sortKey: 'societe',
      cell: (o) => o.societe.nom,
    })
  }
  all.push(
    {
      key: 'total',
      label: 'Total TVAC',
      sortKey: 'total_ttc',
      className: 'text-end text-nowrap',
      cell: (o) => formatEuros(o.total_ttc),
    },
    {
      key: 'statut',
      label: 'Statut',
      sortKey: 'statut',
      className: 'text-nowrap',
      cell: (o) => (
        <>
          <StatutBadge statut={o.statut} />
          {seesTransmitted && o.devis_id && (
            <a href={route('esi.devis.edit', { id: o.devis_id })} className="ms-2 small">
              Voir le devis
            </a>
          )}
        </>
      ),
    }
  )
  return all
}

export default function Index({
  offres,
  filters,
  warnings,
  societes,
  seesTransmitted,
  canCreate,
}: IndexProps) {
  const list = useList({
    path: route('partner.offres.index'),
    filters,
    sortKeys: OFFRE_SORT_KEYS,
    defaultSort: OFFRE_DEFAULT_SORT,
    only: ['offres'],
  })
  const showSociete = seesTransmitted || societes.length > 1
  const statuts = seesTransmitted && !canCreate ? OFFRE_VISIBLE_BY_ESI : OFFRE_STATUTS

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
            <Link href={route('partner.offres.create')} className="btn btn-primary">
              <i className="bi bi-plus-lg me-1" aria-hidden="true" />
              Nouvelle offre
            </Link>
          )
        }
      />
      {!canCreate && !seesTransmitted && (
        <div className="content pb-0">
          <div className="alert alert-info mb-0">
            Vous n’êtes rattaché à aucune société partenaire : demandez à son administrateur de vous
            y inviter pour rédiger des offres.
          </div>
        </div>
      )}
      <ListPage
        title="Liste des offres"
        warnings={warnings}
        page={offres}
        list={list}
        noun="offre"
        toolbar={
          <ListToolbar
            list={list}
            filters={filters}
            searchLabel="Rechercher une offre"
            searchPlaceholder="Numéro, objet, contact, société…"
          >
            <SelectFilter
              id="filter-statut"
              label="Statut"
              all="Tous les statuts"
              value={filters.filter.statut ?? ''}
              choices={statuts.map((s) => ({ value: s, label: OFFRE_STATUT_LABELS[s] }))}
              onChange={(v) => list.setFilter('statut', v)}
            />
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
          id="offres-table"
          rows={offres.data}
          columns={columns(showSociete, seesTransmitted)}
          rowKey={(o) => o.id}
          rowAttrs={(o) => ({ 'data-offre-id': o.id })}
          sort={list.sort}
          onSort={list.onSort}
          caption="Liste des offres"
          empty={
            <EmptyState
              icon="bi-file-earmark-richtext"
              filtered={list.filtered}
              noMatch="Aucune offre ne correspond à ces critères."
              none={
                seesTransmitted && !canCreate
                  ? 'Aucune offre transmise pour le moment.'
                  : 'Aucune offre pour le moment.'
              }
              onClear={list.reset}
            >
              {canCreate && (
                <Link href={route('partner.offres.create')} className="btn btn-sm btn-primary mt-2">
                  Rédiger une première offre
                </Link>
              )}
            </EmptyState>
          }
        />
      </ListPage>
    </>
  )
}
