import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import SortableTh from '../../../components/listing/SortableTh.js'
import ListPagination from '../../../components/listing/ListPagination.js'
import ListToolbar from '../../../components/bdc/ListToolbar.js'
import { useListNavigation } from '../../../components/listing/use_list_navigation.js'
import { formatDate, todayIso } from '../../../lib/format.js'
import type { ListFilters, Paginated } from '@shared/list_params'
import { COMMANDE_DEFAULT_SORT, COMMANDE_STATUT_VARIANTS, type CommandeListItem } from '@shared/bdc'
import { COMMANDE_STATUT_LABELS } from '@shared/devis'
import { formatEuros } from '@shared/totals'

export type CommandeIndexProps = {
  commandes: Paginated<CommandeListItem>
  filters: ListFilters
}

/** esi/commande Index: the orders created by signed bons de commande. */
export default function CommandeIndex({ commandes, filters }: CommandeIndexProps) {
  const go = useListNavigation('/esi/commandes', filters, COMMANDE_DEFAULT_SORT)
  const filtered = Boolean(filters.q || Object.keys(filters.filter).length)
  const sortBy = (sort: string) => go({ sort })
  const today = todayIso()

  return (
    <>
      <Head title="Commandes" />
      <PageHeader
        title="Commandes"
        subtitle="Créées à la signature d’un bon de commande"
        breadcrumb={[{ label: 'Commandes' }, { label: 'Toutes les commandes' }]}
      />
      <div className="content">
        <Block title="Liste des commandes">
          <ListToolbar
            filters={filters}
            statuts={COMMANDE_STATUT_LABELS}
            searchLabel="Rechercher une commande"
            searchPlaceholder="Numéro, client, objet…"
            onChange={go}
          />
          {commandes.data.length === 0 ? (
            <div className="text-center py-5">
              <i className="bi bi-box-seam display-6 text-body-tertiary" aria-hidden="true" />
              <p className="fw-semibold mt-2 mb-1">
                {filtered
                  ? 'Aucune commande ne correspond à ces critères.'
                  : 'Aucune commande pour le moment.'}
              </p>
              {!filtered && (
                <p className="text-body-secondary mb-0">
                  Une commande est créée quand le client signe son bon de commande.
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
                    <SortableTh column="fin_retractation" sort={filters.sort} onSort={sortBy}>
                      Fin de rétractation
                    </SortableTh>
                    <SortableTh column="date" sort={filters.sort} onSort={sortBy}>
                      Créée le
                    </SortableTh>
                  </tr>
                </thead>
                <tbody>
                  {commandes.data.map((c) => (
                    <tr key={c.id}>
                      <td className="text-nowrap">
                        <Link href={`/esi/commandes/${c.id}`} className="fw-semibold">
                          {c.numero}
                        </Link>
                      </td>
                      <td>{c.client_nom}</td>
                      <td className="d-none d-lg-table-cell">{c.objet}</td>
                      <td className="text-end text-nowrap">{formatEuros(c.total_ttc)}</td>
                      <td>
                        <span className={`badge text-bg-${COMMANDE_STATUT_VARIANTS[c.statut]}`}>
                          {COMMANDE_STATUT_LABELS[c.statut]}
                        </span>
                      </td>
                      <td className="text-nowrap">
                        {c.fin_retractation ? (
                          <span
                            className={
                              c.fin_retractation >= today ? 'text-warning-emphasis fw-semibold' : ''
                            }
                          >
                            {formatDate(c.fin_retractation)}
                          </span>
                        ) : (
                          <span className="text-body-tertiary">—</span>
                        )}
                      </td>
                      <td className="text-nowrap">{formatDate(c.created_at)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <ListPagination
            meta={commandes.meta}
            noun="commandes"
            onPage={(page) => go({ page })}
            onPerPage={(per_page) => go({ per_page })}
          />
        </Block>
      </div>
    </>
  )
}
