import type { MargeFigures } from '@shared/analyse'
import { formatMoney } from '../../lib/format.js'
import { formatRate } from '../devis_list/stats_format.js'

/** The margin columns' headers, in the order of MargeCells. */
export function MargeHeaders() {
  return (
    <>
      <th scope="col" className="text-end">
        Vente HT
      </th>
      <th scope="col" className="text-end">
        Coût d’achat
      </th>
      <th scope="col" className="text-end">
        Marge HT
      </th>
      <th scope="col" className="text-end">
        Taux
      </th>
      <th scope="col" className="text-end">
        Vente à coût inconnu
      </th>
    </>
  )
}

const UNKNOWN = <span className="badge text-bg-warning">coût inconnu</span>

/** Sale, cost, margin and rate; an unknown cost is said, never shown as a 100 % margin. */
export function MargeCells({ f }: { f: MargeFigures }) {
  return (
    <>
      <td className="text-end">{formatMoney(f.vente_ht)}</td>
      <td className="text-end">{f.marge_ht === null ? UNKNOWN : formatMoney(f.cout_ht)}</td>
      <td className={`text-end ${f.marge_ht !== null && f.marge_ht < 0 ? 'text-danger' : ''}`}>
        {f.marge_ht === null ? UNKNOWN : formatMoney(f.marge_ht)}
      </td>
      <td className="text-end">{f.taux_marge === null ? '—' : formatRate(f.taux_marge)}</td>
      <td className="text-end">{f.inconnu_ht ? formatMoney(f.inconnu_ht) : '—'}</td>
    </>
  )
}
