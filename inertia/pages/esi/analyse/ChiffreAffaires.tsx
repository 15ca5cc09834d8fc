import AnalyseFrame from '../../../components/analyse/AnalyseFrame.js'
import AnalyseChartBlock from '../../../components/analyse/AnalyseChartBlock.js'
import Block from '../../../components/ui/Block.js'
import TableScroll from '../../../components/analyse/TableScroll.js'
import { formatMoney } from '../../../lib/format.js'
import { formatRate, monthLabel } from '../../../components/devis_list/stats_format.js'
import { CA_SOURCES, CA_SOURCE_LABELS, type ChiffreAffaires } from '@shared/analyse'

export type ChiffreAffairesProps = { ca: ChiffreAffaires; warnings: string[]; today: string }

const euros = (v: number) => formatMoney(Math.round(v * 100))

export default function ChiffreAffairesPage({ ca, warnings, today }: ChiffreAffairesProps) {
  const bdc = ca.source === 'bdc'
  return (
    <AnalyseFrame
      analyse="chiffre_affaires"
      du={ca.du}
      au={ca.au}
      today={today}
      warnings={warnings}
      selects={[
        {
          name: 'source',
          label: 'Chiffre d’affaires',
          value: ca.source,
          options: CA_SOURCES.map((s) => ({ value: s, label: CA_SOURCE_LABELS[s] })),
        },
      ]}
    >
      <div className="row g-3 mb-3" id="analyse-kpis">
        <div className="col-12 col-md-6">
          <dl className="border rounded p-3 h-100 mb-0 bg-body">
            <dt className="small text-body-secondary fw-normal">{CA_SOURCE_LABELS[ca.source]}</dt>
            <dd className="fs-3 fw-semibold mb-0">{formatMoney(ca.total_ht)} HT</dd>
          </dl>
        </div>
      </div>
      <AnalyseChartBlock
        title="Par mois"
        label="chiffre d’affaires HT par mois"
        labels={ca.par_mois.map((m) => monthLabel(m.mois))}
        datasets={[
          {
            label: 'Chiffre d’affaires HT',
            data: ca.par_mois.map((m) => m.net_ht / 100),
            color: '#0d6efd',
          },
        ]}
        format={euros}
      />
      <div className="row">
        <div className="col-xl-7">
          <Block title="Par mois">
            <TableScroll label="Chiffre d’affaires par mois">
              <table className="table table-sm table-striped align-middle" id="analyse-table">
                <thead>
                  <tr>
                    <th scope="col">Mois</th>
                    <th scope="col" className="text-end">
                      {bdc ? 'Bons signés' : 'Pièces'}
                    </th>
                    <th scope="col" className="text-end">
                      {bdc ? 'Signé HT' : 'Facturé HT'}
                    </th>
                    {!bdc && (
                      <th scope="col" className="text-end">
                        Notes de crédit HT
                      </th>
                    )}
                    <th scope="col" className="text-end">
                      Chiffre d’affaires HT
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ca.par_mois.map((m) => (
                    <tr key={m.mois}>
                      <th scope="row" className="fw-normal">
                        {monthLabel(m.mois)}
                      </th>
                      <td className="text-end">{m.nombre}</td>
                      <td className="text-end">{formatMoney(m.brut_ht)}</td>
                      {!bdc && (
                        <td className="text-end">{formatMoney(m.deduit_ht ? -m.deduit_ht : 0)}</td>
                      )}
                      <td className="text-end fw-semibold">{formatMoney(m.net_ht)}</td>
                    </tr>
                  ))}
                </tbody>
                <tfoot>
                  <tr className="fw-semibold">
                    <th scope="row">Total</th>
                    <td className="text-end">{ca.par_mois.reduce((s, m) => s + m.nombre, 0)}</td>
                    <td className="text-end">
                      {formatMoney(ca.par_mois.reduce((s, m) => s + m.brut_ht, 0))}
                    </td>
                    {!bdc && (
                      <td className="text-end">
                        {formatMoney(-ca.par_mois.reduce((s, m) => s + m.deduit_ht, 0))}
                      </td>
                    )}
                    <td className="text-end">{formatMoney(ca.total_ht)}</td>
                  </tr>
                </tfoot>
              </table>
            </TableScroll>
          </Block>
        </div>
        <div className="col-xl-5">
          <Block title="Par famille de produits">
            <TableScroll label="Chiffre d’affaires par famille">
              <table className="table table-sm table-striped align-middle" id="analyse-familles">
                <thead>
                  <tr>
                    <th scope="col">Famille</th>
                    <th scope="col" className="text-end">
                      HT
                    </th>
                    <th scope="col" className="text-end">
                      Part
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {ca.par_famille.length === 0 && (
                    <tr>
                      <td colSpan={3} className="text-body-secondary">
                        Aucune vente sur la période.
                      </td>
                    </tr>
                  )}
                  {ca.par_famille.map((f) => (
                    <tr key={f.famille}>
                      <th scope="row" className="fw-normal">
                        {f.famille}
                      </th>
                      <td className="text-end">{formatMoney(f.ht)}</td>
                      <td className="text-end">
                        {formatRate(ca.total_ht ? f.ht / ca.total_ht : null)}
                      </td>
                    </tr>
                  ))}
                  {ca.arrondi_ht !== 0 && (
                    <tr>
                      <th scope="row" className="fw-normal text-body-secondary">
                        Arrondis des remises globales
                      </th>
                      <td className="text-end text-body-secondary">
                        {formatMoney(-ca.arrondi_ht)}
                      </td>
                      <td />
                    </tr>
                  )}
                </tbody>
              </table>
            </TableScroll>
          </Block>
        </div>
      </div>
      <AnalyseChartBlock
        title="Par famille de produits"
        label="chiffre d’affaires HT par famille de produits"
        labels={ca.par_famille.map((f) => f.famille)}
        datasets={[{ label: 'HT', data: ca.par_famille.map((f) => f.ht / 100), color: '#198754' }]}
        format={euros}
        horizontal
      />
    </AnalyseFrame>
  )
}
