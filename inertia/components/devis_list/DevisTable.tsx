import { Link, router } from '@inertiajs/react'
import SortHeader from '../list/SortHeader.js'
import StatutBadge from './StatutBadge.js'
import { formatDate, formatMoney } from '../../lib/format.js'
import type { SortKey } from '@shared/list_query'
import type { DevisListItem } from '@shared/devis_list'

export type DevisTableProps = {
  rows: DevisListItem[]
  sort: SortKey[]
  onSort: (key: string, add: boolean) => void
  filtered: boolean
}

const editUrl = (id: number) => `/esi/devis/${id}/edit`

/** The devis of one page; a click on a row opens the devis. */
export default function DevisTable({ rows, sort, onSort, filtered }: DevisTableProps) {
  const header = (label: string, key: string, className?: string) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} className={className} />
  )
  return (
    <div className="table-responsive">
      <table
        className="table table-sm table-hover table-vcenter align-middle mb-3"
        id="devis-table"
      >
        <caption className="visually-hidden">Liste des devis</caption>
        <thead>
          <tr>
            {header('N°', 'numero')}
            <th scope="col" className="text-end">
              Rév.
            </th>
            {header('Date', 'date_devis')}
            {header('Client', 'client_nom')}
            <th scope="col">Objet</th>
            <th scope="col">Commercial</th>
            {header('Total TVAC', 'total_ttc', 'text-end')}
            {header('Statut', 'statut')}
            {header('Validité', 'valable_jusqu_au')}
          </tr>
        </thead>
        <tbody>
          {rows.map((d) => (
            <tr
              key={d.id}
              data-id={d.id}
              style={{ cursor: 'pointer' }}
              onClick={(e) => {
                // Links inside the row keep their own behaviour (new tab, etc.)
                if ((e.target as HTMLElement).closest('a')) return
                router.visit(editUrl(d.id))
              }}
            >
              <td className="text-nowrap">
                <Link href={editUrl(d.id)} className="fw-semibold">
                  {d.numero ?? <span className="fst-italic text-body-secondary">Brouillon</span>}
                </Link>
              </td>
              <td className="text-end">{d.revision > 1 ? d.revision : ''}</td>
              <td className="text-nowrap">{formatDate(d.date_devis)}</td>
              <td>
                <Link href={`/esi/customers/${d.client_id}`} className="text-reset">
                  {d.client_nom}
                </Link>
              </td>
              <td className="text-truncate small" style={{ maxWidth: 260 }} title={d.objet}>
                {d.objet}
              </td>
              <td className="small">{d.commercial?.nom}</td>
              <td className="text-end text-nowrap">{formatMoney(d.total_ttc)}</td>
              <td>
                <StatutBadge statut={d.statut} />
              </td>
              <td className="text-nowrap">
                {formatDate(d.valable_jusqu_au)}
                {d.validite_depassee && (
                  <span className="badge text-bg-warning ms-1" title="Date de validité dépassée">
                    expiré
                  </span>
                )}
              </td>
            </tr>
          ))}
          {rows.length === 0 && (
            <tr>
              <td colSpan={9} className="text-center text-body-secondary py-4">
                {filtered
                  ? 'Aucun devis ne correspond à ces critères.'
                  : 'Aucun devis pour le moment.'}
              </td>
            </tr>
          )}
        </tbody>
      </table>
    </div>
  )
}
