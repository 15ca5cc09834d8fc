import { formatEuros, type Totals } from '@shared/totals'

/** Totals HT / TVA per rate / TTC, as computed by shared/totals.ts. */
export default function TotalsBox({ totals }: { totals: Totals }) {
  return (
    <table className="table table-sm mb-0" id="offre-totals" aria-label="Totaux de l’offre">
      <tbody>
        {totals.remise_globale > 0 && (
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
          <td className="text-end text-nowrap fw-semibold" data-total="ht">
            {formatEuros(totals.total_ht)}
          </td>
        </tr>
        {totals.tva.map((g) => (
          <tr key={g.taux_tva}>
            <th scope="row" className="fw-normal">
              TVA {g.taux_tva} %{' '}
              <span className="text-body-secondary small">sur {formatEuros(g.base_ht)}</span>
            </th>
            <td className="text-end text-nowrap">{formatEuros(g.tva)}</td>
          </tr>
        ))}
        <tr className="table-light">
          <th scope="row">Total TVAC</th>
          <td className="text-end text-nowrap fw-bold" data-total="ttc">
            {formatEuros(totals.total_ttc)}
          </td>
        </tr>
      </tbody>
    </table>
  )
}
