/*
 * The frozen lines of a bon de commande (copied from the accepted devis, never recomputed) or of
 * a facture, with the VAT summary by rate, the totals and, for a bdc, the acompte.
 */
import type { Data } from '~generated/data'
import { formatDecimal, formatEuros } from '@shared/totals'

type Shown = Pick<
  Data.Bdc.Variants['forDetail'],
  'lignes' | 'tva' | 'total_ht' | 'total_tva' | 'total_ttc' | 'remise_globale_pct'
> &
  Partial<Pick<Data.Bdc.Variants['forDetail'], 'acompte' | 'acompte_pct'>>

export default function BdcLignesTable({ bdc }: { bdc: Shown }) {
  const remise = bdc.tva.reduce((sum, g) => sum + g.remise, 0)
  const hasRemise = remise !== 0
  return (
    <>
      <div className="table-responsive">
        <table className="table table-sm table-vcenter mb-4" data-testid="bdc-lignes">
          <thead>
            <tr>
              <th scope="col">Désignation</th>
              <th scope="col" className="text-end">
                Qté
              </th>
              <th scope="col">Unité</th>
              <th scope="col" className="text-end">
                PU HT
              </th>
              <th scope="col" className="text-end">
                Remise
              </th>
              <th scope="col" className="text-end">
                TVA
              </th>
              <th scope="col" className="text-end">
                Total HT
              </th>
            </tr>
          </thead>
          <tbody>
            {bdc.lignes.map((l) => {
              if (l.type === 'section') {
                return (
                  <tr key={l.id} className="table-light">
                    <th scope="row" colSpan={7} className="fw-semibold">
                      {l.designation}
                    </th>
                  </tr>
                )
              }
              if (l.type === 'texte') {
                return (
                  <tr key={l.id}>
                    <td
                      colSpan={7}
                      className="text-body-secondary"
                      style={{ whiteSpace: 'pre-line' }}
                    >
                      {l.designation}
                    </td>
                  </tr>
                )
              }
              if (l.type === 'sous_total') {
                return (
                  <tr key={l.id} className="fw-semibold">
                    <td colSpan={6} className="text-end">
                      {l.designation || 'Sous-total'}
                    </td>
                    <td className="text-end text-nowrap">{formatEuros(l.total_ht ?? 0)}</td>
                  </tr>
                )
              }
              return (
                <tr key={l.id}>
                  <td style={{ whiteSpace: 'pre-line' }}>{l.designation}</td>
                  <td className="text-end text-nowrap">{formatDecimal(l.quantite)}</td>
                  <td>{l.unite ?? ''}</td>
                  <td className="text-end text-nowrap">{formatEuros(l.prix_unitaire_ht ?? 0)}</td>
                  <td className="text-end text-nowrap">
                    {Number(l.remise_pct) ? `${formatDecimal(l.remise_pct, 2)} %` : ''}
                  </td>
                  <td className="text-end text-nowrap">{l.taux_tva ?? 0} %</td>
                  <td className="text-end text-nowrap">{formatEuros(l.total_ht ?? 0)}</td>
                </tr>
              )
            })}
          </tbody>
        </table>
      </div>

      <div className="row g-4">
        <div className="col-md-7">
          <table className="table table-sm mb-0" data-testid="bdc-tva">
            <caption className="caption-top">Récapitulatif TVA</caption>
            <thead>
              <tr>
                <th scope="col">Taux</th>
                {hasRemise && (
                  <th scope="col" className="text-end">
                    Remise
                  </th>
                )}
                <th scope="col" className="text-end">
                  Base HT
                </th>
                <th scope="col" className="text-end">
                  TVA
                </th>
              </tr>
            </thead>
            <tbody>
              {bdc.tva.map((g) => (
                <tr key={g.taux_tva}>
                  <td>{g.taux_tva} %</td>
                  {hasRemise && <td className="text-end">{formatEuros(-g.remise)}</td>}
                  <td className="text-end text-nowrap">{formatEuros(g.base_ht)}</td>
                  <td className="text-end text-nowrap">{formatEuros(g.tva)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <div className="col-md-5">
          <dl className="row mb-0" data-testid="bdc-totaux">
            {hasRemise && (
              <>
                <dt className="col-7 fw-normal text-body-secondary">
                  Remise globale ({formatDecimal(bdc.remise_globale_pct, 2)} %)
                </dt>
                <dd className="col-5 text-end">{formatEuros(-remise)}</dd>
              </>
            )}
            <dt className="col-7 fw-normal text-body-secondary">Total HT</dt>
            <dd className="col-5 text-end">{formatEuros(bdc.total_ht)}</dd>
            <dt className="col-7 fw-normal text-body-secondary">TVA</dt>
            <dd className="col-5 text-end">{formatEuros(bdc.total_tva)}</dd>
            <dt className="col-7 fs-5">Total TTC</dt>
            <dd className="col-5 text-end fs-5 fw-bold">{formatEuros(bdc.total_ttc)}</dd>
            {bdc.acompte !== undefined && (
              <>
                <dt className="col-7 fw-normal text-body-secondary">
                  Acompte ({formatDecimal(bdc.acompte_pct, 2)} %)
                </dt>
                <dd className="col-5 text-end fw-semibold mb-0">{formatEuros(bdc.acompte)}</dd>
              </>
            )}
          </dl>
        </div>
      </div>
    </>
  )
}
