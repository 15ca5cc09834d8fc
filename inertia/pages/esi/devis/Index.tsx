import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import ListPage from '../../../components/list/ListPage.js'
import { useList } from '../../../components/list/use_list.js'
import { exportUrl } from '../../../components/list/use_list_visit.js'
import DevisTable from '../../../components/devis_list/DevisTable.js'
import DevisFilters from '../../../components/devis_list/DevisFilters.js'
import { route } from '../../../lib/route.js'
import {
  DEVIS_DEFAULT_SORT,
  DEVIS_SORT_KEYS,
  type CommercialOption,
  type DevisListItem,
} from '@shared/devis_list'
import type { ListFilters, ListPage as Page } from '@shared/list_query'

export type DevisIndexProps = {
  devis: Page<DevisListItem>
  filters: ListFilters
  warnings: string[]
  commerciaux: CommercialOption[]
}

export default function DevisIndex({ devis, filters, warnings, commerciaux }: DevisIndexProps) {
  const path = route('esi.devis.index')
  const list = useList({
    path,
    filters,
    sortKeys: DEVIS_SORT_KEYS,
    defaultSort: DEVIS_DEFAULT_SORT,
    only: ['devis'],
  })

  return (
    <>
      <Head title="Devis" />
      <PageHeader
        title="Devis"
        subtitle="Tous les devis, du brouillon à l’acceptation."
        breadcrumb={[{ label: 'Ventes' }, { label: 'Devis' }]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-alt-secondary" href={route('esi.devis.stats')}>
              <i className="bi bi-bar-chart-line me-1" aria-hidden="true" />
              Statistiques
            </Link>
            <a
              className="btn btn-alt-secondary"
              href={exportUrl(route('esi.devis.export'), filters)}
              download
            >
              <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
              Exporter (CSV)
            </a>
            <Link className="btn btn-primary" href={route('esi.devis.create')}>
              <i className="bi bi-file-earmark-plus me-1" aria-hidden="true" />
              Nouveau devis
            </Link>
          </div>
        }
      />

      <ListPage
        warnings={warnings}
        page={devis}
        list={list}
        noun="devis"
        toolbar={<DevisFilters filters={filters} commerciaux={commerciaux} list={list} />}
      >
        <DevisTable
          rows={devis.data}
          sort={list.sort}
          onSort={list.onSort}
          filtered={list.filtered}
          onClear={list.reset}
        />
      </ListPage>
    </>
  )
}
