import AnalyseFrame from '../../../components/analyse/AnalyseFrame.js'
import AnalyseChartBlock from '../../../components/analyse/AnalyseChartBlock.js'
import Block from '../../../components/ui/Block.js'
import TableScroll from '../../../components/analyse/TableScroll.js'
import { formatRate } from '../../../components/devis_list/stats_format.js'
import { HEURES_PAR_JOUR_OUVRE, type Occupation } from '@shared/analyse'

export type TechniciensProps = { occupation: Occupation; warnings: string[]; today: string }

const number = new Intl.NumberFormat('fr-BE', { maximumFractionDigits: 1 })
const heures = (v: number) => `${number.format(v)}\u00a0h`

export default function TechniciensPage({ occupation: o, warnings, today }: TechniciensProps) {
  const rows = [
    ...o.techniciens.map((t) => ({ ...t, total: false })),
    { ...o.total, nom: 'Total', user_id: 0, total: true },
  ]
  return (
    <AnalyseFrame analyse="techniciens" du={o.du} au={o.au} today={today} warnings={warnings}>
      <p className="small text-body-secondary">
        Heures des visites techniques de chaque technicien sur la période (annulées exclues),
        comparées à ses heures ouvrées : {o.jours_ouvres} jours du lundi au vendredi ×{' '}
        {number.format(HEURES_PAR_JOUR_OUVRE)} h = {heures(o.heures_ouvrees)}.
      </p>
      <AnalyseChartBlock
        title="Heures par technicien"
        label="heures planifiées et réalisées par technicien"
        labels={o.techniciens.map((t) => t.nom)}
        datasets={[
          {
            label: 'Planifiées',
            data: o.techniciens.map((t) => t.heures_planifiees),
            color: '#0dcaf0',
          },
          {
            label: 'Réalisées',
            data: o.techniciens.map((t) => t.heures_realisees),
            color: '#198754',
          },
        ]}
        format={heures}
        horizontal
      />
      <Block title="Par technicien">
        <TableScroll label="Occupation par technicien">
          <table className="table table-sm table-striped align-middle" id="analyse-table">
            <thead>
              <tr>
                <th scope="col">Technicien</th>
                <th scope="col" className="text-end">
                  Visites
                </th>
                <th scope="col" className="text-end">
                  Planifiées
                </th>
                <th scope="col" className="text-end">
                  Réalisées
                </th>
                <th scope="col" className="text-end">
                  Heures ouvrées
                </th>
                <th scope="col" className="text-end">
                  Occupation planifiée
                </th>
                <th scope="col" className="text-end">
                  Occupation réalisée
                </th>
              </tr>
            </thead>
            <tbody>
              {o.techniciens.length === 0 && (
                <tr>
                  <td colSpan={7} className="text-body-secondary">
                    Aucun technicien au planning.
                  </td>
                </tr>
              )}
              {rows.map((t) => (
                <tr key={t.user_id} className={t.total ? 'fw-semibold' : ''}>
                  <th scope="row" className={t.total ? '' : 'fw-normal'}>
                    {t.nom}
                  </th>
                  <td className="text-end">{t.visites}</td>
                  <td className="text-end">{heures(t.heures_planifiees)}</td>
                  <td className="text-end">{heures(t.heures_realisees)}</td>
                  <td className="text-end">{heures(t.heures_ouvrees)}</td>
                  <td className="text-end">{formatRate(t.taux_planifie)}</td>
                  <td className="text-end">{formatRate(t.taux_realise)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      </Block>
    </AnalyseFrame>
  )
}
