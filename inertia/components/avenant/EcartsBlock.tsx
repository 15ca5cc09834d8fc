/*
 * The differences the measurement sheet flagged, row by row: devis against measured.
 */
import Block from '../ui/Block.js'
import type { BdcLigne, EcartRow } from './types.js'

export default function EcartsBlock({
  ecarts,
  bdcLignes,
}: {
  ecarts: EcartRow[]
  bdcLignes: BdcLigne[]
}) {
  if (ecarts.length === 0) return null
  return (
    <Block title="Écarts relevés au mesurage">
      <div className="table-responsive">
        <table className="table table-sm align-middle mb-0" data-testid="ecarts">
          <thead>
            <tr>
              <th scope="col">Élément</th>
              <th scope="col">Écart</th>
              <th scope="col">Devis</th>
              <th scope="col">Mesuré</th>
            </tr>
          </thead>
          <tbody>
            {ecarts.flatMap((row) =>
              row.ecarts.map((e, i) => (
                <tr key={`${row.mesure_ligne_id}-${i}`}>
                  {i === 0 && (
                    <th scope="row" rowSpan={row.ecarts.length} className="fw-normal">
                      <strong>{row.repere || '—'}</strong>
                      <div className="small text-body-secondary">
                        {row.designation ||
                          bdcLignes.find((l) => l.id === row.bdc_ligne_id)?.designation ||
                          'Élément ajouté sur place'}
                      </div>
                    </th>
                  )}
                  <td>{e.message || e.champ}</td>
                  <td className="text-nowrap">{e.devis || '—'}</td>
                  <td className="text-nowrap fw-semibold text-danger">{e.mesure || '—'}</td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
    </Block>
  )
}
