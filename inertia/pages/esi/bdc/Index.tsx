import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import SortableTh from '../../../components/listing/SortableTh.js'
import ListPagination from '../../../components/listing/ListPagination.js'
import ListToolbar from '../../../components/bdc/ListToolbar.js'
import { useListNavigation } from '../../../components/listing/use_list_navigation.js'
import { formatDate } from '../../../lib/format.js'
import type { ListFilters, Paginated } from '@shared/list_params'
import { BDC_DEFAULT_SORT, BDC_STATUT_VARIANTS, type BdcListItem } from '@shared/bdc'
import { BDC_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'

export type BdcIndexProps = {
  bdcs: Paginated<BdcListItem>
  filters: ListFilters
}

/** esi/bdc Index: the bons de commande, filtered by statut and période, searched, sorted. */
export default function BdcIndex({ bdcs, filters }: BdcIndexProps) {
  const go = useListNavigation('/esi/bdc', filters, BDC_DEFAULT_SORT)
  const filtered = Boolean(filters.q || Object.keys(filters.filter).length)
  const sortBy = (sort: string) => go({ sort })

  return (
    <>
      <Head title="Bons de commande" />
      <PageHeader
        title="Bons de commande"
        subtitle="Créés à l’acceptation d’un devis, à faire signer par le client"
        breadcrumb={[{ label: 'Ventes' }, { label: 'Bons de commande' }]}
      />
      <div className="content">
        <Block title="Liste des bons de commande">
          <ListToolbar
            filters={filters}
            statuts={BDC_STATUT_LABELS}
            searchLabel="Rechercher un bon de commande"
            searchPlaceholder="Numéro, client, objet…"
            onChange={go}
          />
          {bdcs.data.length === 0 ? (
            <div className="text-center py-5">
              <i className="bi bi-pen display-6 text-body-tertiary" aria-hidden="true" />
              <p className="fw-semibold mt-2 mb-1">
                {filtered
                  ? 'Aucun bon de commande ne correspond à ces critères.'
                  : 'Aucun bon de commande pour le moment.'}
              </p>
              {!filtered && (
                <p className="text-body-secondary mb-0">
                  Un bon de commande est créé quand un devis est accepté.
                </p>
              )}
            </div>
          ) : (
            <div className="table-responsive">
              <table className="table table-hover table-vcenter align-middle mb-0">
                <thead>
                  <tr>
                    <SortableTh column="numero" sort={filters.sort} onSort={sortBy}>
                      Numéro
                    </SortableTh>
                    <SortableTh column="date" sort={filters.sort} onSort={sortBy}>
                      Date
                    </SortableTh>
                    <SortableTh column="client" sort={filters.sort} onSort={sortBy}>
                      Client
                    </SortableTh>
                    <th scope="col" className="d-none d-lg-table-cell">
                      Objet
                    </th>
                    <SortableTh
                      column="total"
                      sort={filters.sort}
                      onSort={sortBy}
                      className="text-end"
                    >
                      Total TTC
                    </SortableTh>
                    <th scope="col">Statut</th>
                  </tr>
                </thead>
                <tbody>
                  {bdcs.data.map((b) => (
                    <tr key={b.id}>
                      <td className="text-nowrap">
                        <Link href={`/esi/bdc/${b.id}`} className="fw-semibold">
                          {b.numero}
                        </Link>
                      </td>
                      <td className="text-nowrap">{formatDate(b.created_at)}</td>
                      <td>{b.client_nom}</td>
                      <td className="d-none d-lg-table-cell">{b.objet}</td>
                      <td className="text-end text-nowrap">{formatEuros(b.total_ttc)}</td>
                      <td className="text-nowrap">
                        <span className={`badge text-bg-${BDC_STATUT_VARIANTS[b.statut]}`}>
                          {BDC_STATUT_LABELS[b.statut]}
                        </span>
                        {b.signe_le && (
                          <span className="small text-body-secondary ms-2">
                            le {formatDate(b.signe_le)}
                          </span>
                        )}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ListPagination
            meta={bdcs.meta}
            noun="bons de commande"
            onPage={(page) => go({ page })}
            onPerPage={(per_page) => go({ per_page })}
          />
        </Block>
      </div>
    </>
  )
}
