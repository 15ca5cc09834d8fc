/*
 * An avenant against the bon de commande: previous and new total, the difference (HT, TVA, TTC)
 * and the additional deposit it calls for.
 */
import { formatEuros } from '@shared/totals'
import { formatPct } from '@shared/document'
import { signedEuros } from '@shared/avenants'
import type { AvenantProp } from './types.js'

/** A difference with its sign (« +12,00 € », « −3,50 € »). */
export const euros = (c: number) => signedEuros(c, formatEuros)

export default function DifferenceTable({
  base,
  total,
  diff,
  acomptePct,
}: {
  base: { ht: number; ttc: number }
  total: { ht: number; ttc: number }
  diff: { ht: number; tva: number; ttc: number; acompte: number }
  acomptePct: string
}) {
  return (
    <table className="table table-sm mb-0" aria-label="Différence avec le bon de commande">
      <tbody>
        <tr>
          <th scope="row" className="fw-normal">
            Total précédent TTC
          </th>
          <td className="text-end text-nowrap">{formatEuros(base.ttc)}</td>
        </tr>
        <tr>
          <th scope="row" className="fw-normal">
            Nouveau total TTC
          </th>
          <td className="text-end text-nowrap fw-semibold" data-testid="nouveau-total">
            {formatEuros(total.ttc)}
          </td>
        </tr>
        <tr>
          <th scope="row" className="fw-normal">
            Différence HT / TVA
          </th>
          <td className="text-end text-nowrap">
            {euros(diff.ht)} / {euros(diff.tva)}
          </td>
        </tr>
        <tr className="table-light">
          <th scope="row">Différence TTC</th>
          <td className="text-end text-nowrap fw-bold" data-testid="difference-ttc">
            {euros(diff.ttc)}
          </td>
        </tr>
        <tr>
          <th scope="row" className="fw-normal">
            Acompte complémentaire ({formatPct(acomptePct)})
          </th>
          <td className="text-end text-nowrap fw-semibold" data-testid="acompte-difference">
            {diff.acompte > 0 ? formatEuros(diff.acompte) : 'aucun'}
          </td>
        </tr>
      </tbody>
    </table>
  )
}

/** The difference of a saved avenant (its stored totals). */
export function AvenantDifference({ avenant }: { avenant: AvenantProp }) {
  return (
    <DifferenceTable
      base={{ ht: avenant.base_total_ht, ttc: avenant.base_total_ttc }}
      total={{ ht: avenant.total_ht, ttc: avenant.total_ttc }}
      diff={{
        ht: avenant.difference_ht,
        tva: avenant.difference_tva,
        ttc: avenant.difference_ttc,
        acompte: avenant.acompte_difference,
      }}
      acomptePct={avenant.acompte_pct}
    />
  )
}
