import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import Pager from '../../../components/list/Pager.js'
import ListWarnings from '../../../components/list/ListWarnings.js'
import { exportUrl, useListVisit } from '../../../components/list/use_list_visit.js'
import DevisTable from '../../../components/devis_list/DevisTable.js'
import DevisFilters from '../../../components/devis_list/DevisFilters.js'
import {
  DEVIS_DEFAULT_SORT,
  DEVIS_SORT_KEYS,
  type CommercialOption,
  type DevisListItem,
} from '@shared/devis_list'
import {
  parseSort,
  sortToString,
  toggleSort,
  type ListFilters,
  type ListPage,
} from '@shared/list_query'

export type DevisIndexProps = {
  devis: ListPage<DevisListItem>
  filters: ListFilters
  warnings: string[]
  commerciaux: CommercialOption[]
}

const PATH = '/esi/devis'

export default function DevisIndex({ devis, filters, warnings, commerciaux }: DevisIndexProps) {
  const visit = useListVisit(PATH, filters, ['devis', 'filters', 'warnings'])
  const sort = parseSort(filters.sort, DEVIS_SORT_KEYS, DEVIS_DEFAULT_SORT).sort
  const onSort = (key: string, add: boolean) =>
    visit({ sort: sortToString(toggleSort(sort, key, add)) })
  const filtered = Object.keys(filters.filter).length > 0 || filters.q !== ''

  return (
    <>
      <Head title="Devis" />
      <PageHeader
        title="Devis"
        subtitle="Tous les devis, du brouillon à l’acceptation."
        breadcrumb={[{ label: 'Ventes' }, { label: 'Devis' }]}
        actions={
          <div className="d-flex flex-wrap gap-2">
            <Link className="btn btn-alt-secondary" href="/esi/devis/stats">
              <i className="bi bi-bar-chart-line me-1" aria-hidden="true" />
              Statistiques
            </Link>
            <a className="btn btn-alt-secondary" href={exportUrl(PATH, filters)} download>
              <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
              Exporter (CSV)
            </a>
            <Link className="btn btn-primary" href="/esi/devis/create">
              <i className="bi bi-file-earmark-plus me-1" aria-hidden="true" />
              Nouveau devis
            </Link>
          </div>
        }
      />

      <div className="content">
        <ListWarnings warnings={warnings} />
        <Block>
          <DevisFilters
            filters={filters}
            commerciaux={commerciaux}
            onChange={(change, replace) => visit(change, { kind: 'first' }, replace)}
            resetHref={`${PATH}?sort=${encodeURIComponent(filters.sort)}`}
          />
          <DevisTable rows={devis.data} sort={sort} onSort={onSort} filtered={filtered} />
          <Pager page={devis} noun="devis" onNavigate={(position) => visit({}, position)} />
        </Block>
      </div>
    </>
  )
}
