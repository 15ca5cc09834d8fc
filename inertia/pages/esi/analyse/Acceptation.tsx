import AnalyseFrame from '../../../components/analyse/AnalyseFrame.js'
import AnalyseChartBlock from '../../../components/analyse/AnalyseChartBlock.js'
import Block from '../../../components/ui/Block.js'
import TableScroll from '../../../components/analyse/TableScroll.js'
import { formatMoney } from '../../../lib/format.js'
import { formatDays, formatRate } from '../../../components/devis_list/stats_format.js'
import type { Acceptation, AcceptationLigne } from '@shared/analyse'

export type AcceptationProps = { acceptation: Acceptation; warnings: string[]; today: string }

const percent = (v: number) => formatRate(v / 100)

function AcceptationTable({
  id,
  who,
  lignes,
  total,
}: {
  id: string
  who: string
  lignes: AcceptationLigne[]
  total: AcceptationLigne
}) {
  return (
    <TableScroll label={`Acceptation par ${who.toLowerCase()}`}>
      <table className="table table-sm table-striped align-middle" id={id}>
        <thead>
          <tr>
            <th scope="col">{who}</th>
            <th scope="col" className="text-end">
              Envoyés
            </th>
            <th scope="col" className="text-end">
              Acceptés
            </th>
            <th scope="col" className="text-end">
              Refusés
            </th>
            <th scope="col" className="text-end">
              Taux d’acceptation
            </th>
            <th scope="col" className="text-end">
              Délai moyen
            </th>
            <th scope="col" className="text-end">
              Délai médian
            </th>
            <th scope="col" className="text-end">
              Accepté HT
            </th>
          </tr>
        </thead>
        <tbody>
          {lignes.length === 0 && (
            <tr>
              <td colSpan={8} className="text-body-secondary">
                Aucun devis envoyé sur la période.
              </td>
            </tr>
          )}
          {[...lignes, total].map((l, i) => (
            <tr key={`${l.id}-${i}`} className={i === lignes.length ? 'fw-semibold' : ''}>
              <th scope="row" className={i === lignes.length ? '' : 'fw-normal'}>
                {l.nom}
              </th>
              <td className="text-end">{l.envoyes}</td>
              <td className="text-end">{l.acceptes}</td>
              <td className="text-end">{l.refuses}</td>
              <td className="text-end">{formatRate(l.taux_acceptation)}</td>
              <td className="text-end">{formatDays(l.delai_moyen_jours)}</td>
              <td className="text-end">{formatDays(l.delai_median_jours)}</td>
              <td className="text-end">{formatMoney(l.montant_accepte_ht)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  )
}

export default function AcceptationPage({ acceptation: a, warnings, today }: AcceptationProps) {
  return (
    <AnalyseFrame analyse="acceptation" du={a.du} au={a.au} today={today} warnings={warnings}>
      <p className="small text-body-secondary">
        Devis envoyés sur la période, quel que soit leur sort ensuite : taux = acceptés / envoyés ;
        délai = de l’envoi à l’acceptation, en jours.
      </p>
      <AnalyseChartBlock
        title="Taux d’acceptation par commercial"
        label="taux d’acceptation des devis par commercial"
        labels={a.par_commercial.map((l) => l.nom)}
        datasets={[
          {
            label: 'Taux d’acceptation',
            data: a.par_commercial.map((l) => Math.round((l.taux_acceptation ?? 0) * 1000) / 10),
            color: '#198754',
          },
        ]}
        format={percent}
        horizontal
      />
      <Block title="Par commercial">
        <AcceptationTable
          id="analyse-table"
          who="Commercial"
          lignes={a.par_commercial}
          total={a.total}
        />
      </Block>
      <Block title="Par apporteur (société pro du client)">
        <AcceptationTable
          id="analyse-apporteurs"
          who="Apporteur"
          lignes={a.par_apporteur}
          total={a.total}
        />
      </Block>
    </AnalyseFrame>
  )
}
