/*
 * Factures as a table (the client's page, the commande's « Facturation »): number, type, date,
 * total, what each still asks (« — » for a draft) and the statut with « En retard ».
 */
import { Link } from '@inertiajs/react'
import FactureStatutBadge from './FactureStatutBadge.js'
import { FACTURE_TYPE_LABELS, isEnRetard, type FactureRow } from '@shared/factures'
import { formatEuros } from '@shared/totals'
import { todayIso } from '@shared/dates'
import { formatDate } from '../../lib/format.js'
import { route } from '~/lib/route'

export default function FacturesTable({
  factures,
  testId,
}: {
  factures: FactureRow[]
  testId: string
}) {
  const today = todayIso()
  return (
    <div className="table-responsive">
      <table className="table table-sm table-hover align-middle mb-0" data-testid={testId}>
        <thead>
          <tr>
            <th scope="col">Facture</th>
            <th scope="col">Type</th>
            <th scope="col">Date</th>
            <th scope="col" className="text-end">
              Total TTC
            </th>
            <th scope="col" className="text-end">
              Reste dû
            </th>
            <th scope="col">Statut</th>
          </tr>
        </thead>
        <tbody>
          {factures.map((f) => (
            <tr key={f.id}>
              <td className="text-nowrap">
                <Link href={route('esi.factures.show', { id: f.id })}>
                  {f.numero ?? 'Brouillon'}
                </Link>
              </td>
              <td>{FACTURE_TYPE_LABELS[f.type]}</td>
              <td>{f.date_facture ? formatDate(f.date_facture) : '—'}</td>
              <td className="text-end text-nowrap">{formatEuros(f.total_ttc)}</td>
              <td className="text-end text-nowrap">
                {f.reste === null ? '—' : formatEuros(f.reste)}
              </td>
              <td>
                <FactureStatutBadge f={{ statut: f.statut, en_retard: isEnRetard(f, today) }} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
