/*
 * HT / TVA per rate / TTC (and the acompte of a devis) of a document, from the live totals
 * (shared/totals.ts): what is shown here is what the server stores.
 */
import { formatEuros, type Totals } from '@shared/totals'

export type TotalsPanelProps = {
  totals: Totals
  /** Accessible name of the table (« Totaux du devis », « Totaux de l’offre »). */
  label: string
  /** The acompte % as typed: the acompte line shows only when given (a devis). */
  acomptePct?: string
}

export default function TotalsPanel({ totals, label, acomptePct }: TotalsPanelProps) {
  return (
    <table className="table table-sm mb-0" aria-label={label} aria-live="polite">
      <tbody>
        {totals.remise_globale !== 0 && (
          <>
            <tr>
              <th scope="row" className="fw-normal">
                Total brut HT
              </th>
              <td className="text-end text-nowrap">{formatEuros(totals.total_brut_ht)}</td>
            </tr>
            <tr>
              <th scope="row" className="fw-normal">
                Remise globale
              </th>
              <td className="text-end text-nowrap">− {formatEuros(totals.remise_globale)}</td>
            </tr>
          </>
        )}
        <tr>
          <th scope="row">Total HT</th>
          <td className="text-end text-nowrap fw-semibold" data-testid="total-ht">
            {formatEuros(totals.total_ht)}
          </td>
        </tr>
        {totals.tva.map((g) => (
          <tr key={g.taux_tva}>
            <th scope="row" className="fw-normal">
              TVA {g.taux_tva} %{' '}
              <span className="text-body-secondary small">sur {formatEuros(g.base_ht)}</span>
            </th>
            <td className="text-end text-nowrap" data-testid={`tva-${g.taux_tva}`}>
              {formatEuros(g.tva)}
            </td>
          </tr>
        ))}
        <tr className="table-light">
          <th scope="row" className="fs-6">
            Total TTC
          </th>
          <td className="text-end text-nowrap fw-bold fs-6" data-testid="total-ttc">
            {formatEuros(totals.total_ttc)}
          </td>
        </tr>
        {acomptePct !== undefined && (
          <tr>
            <th scope="row" className="fw-normal">
              Acompte ({acomptePct || '0'} %)
            </th>
            <td className="text-end text-nowrap" data-testid="acompte">
              {formatEuros(totals.acompte)}
            </td>
          </tr>
        )}
      </tbody>
    </table>
  )
}
