import { lazy } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../../components/layout/PageHeader.js'
import Block from '../../../components/ui/Block.js'
import ListWarnings from '../../../components/list/ListWarnings.js'
import PeriodForm from '../../../components/ui/PeriodForm.js'
import {
  CommercialTable,
  MonthTable,
  StatsKpis,
  StatutTable,
} from '../../../components/devis_list/StatsTables.js'
import { formatDate } from '../../../lib/format.js'
import { NO_COMMERCIAL, type CommercialOption, type DevisStats } from '@shared/devis_list'
import { route } from '~/lib/route'
import { LazyPart } from '../../../components/ui/ChunkFailed.js'

// chart.js is only downloaded by this page, after its tables are on screen
const StatsCharts = lazy(() => import('../../../components/devis_list/StatsCharts.js'))

export type DevisStatsProps = {
  stats: DevisStats
  warnings: string[]
  today: string
  commerciaux: CommercialOption[]
}

export default function DevisStatsPage({ stats, warnings, today, commerciaux }: DevisStatsProps) {
  const periode = `du ${formatDate(stats.du)} au ${formatDate(stats.au)}`
  return (
    <>
      <Head title="Statistiques des devis" />
      <PageHeader
        title="Statistiques des devis"
        subtitle={`Période ${periode}`}
        breadcrumb={[
          { label: 'Ventes' },
          { label: 'Devis', href: route('esi.devis.index') },
          { label: 'Statistiques' },
        ]}
        actions={
          <Link className="btn btn-alt-secondary" href={route('esi.devis.index')}>
            <i className="bi bi-list-ul me-1" aria-hidden="true" />
            Liste des devis
          </Link>
        }
      />
      <div className="content">
        <ListWarnings warnings={warnings} />
        <Block title="Période">
          <PeriodForm
            key={`${stats.du}|${stats.au}|${stats.commercial ?? ''}`}
            path={route('esi.devis.stats')}
            idPrefix="stats"
            du={stats.du}
            au={stats.au}
            today={today}
            selects={[
              {
                name: 'commercial',
                label: 'Commercial',
                value: stats.commercial ?? '',
                options: [
                  { value: '', label: 'Tous' },
                  { value: NO_COMMERCIAL, label: 'Sans commercial' },
                  ...commerciaux.map((c) => ({ value: String(c.id), label: c.nom })),
                ],
              },
            ]}
          />
        </Block>
        <Block title={`Indicateurs des devis envoyés ${periode}`}>
          <StatsKpis stats={stats} />
        </Block>
        <Block title="Graphiques">
          <LazyPart what="les graphiques" loading="Chargement des graphiques…">
            <StatsCharts stats={stats} />
          </LazyPart>
        </Block>
        <div className="row">
          <div className="col-xl-5">
            <Block title="Par statut">
              <StatutTable stats={stats} />
            </Block>
          </div>
          <div className="col-xl-7">
            <Block title="Par mois">
              <MonthTable stats={stats} />
            </Block>
          </div>
        </div>
        <Block title="Par commercial">
          <CommercialTable stats={stats} />
        </Block>
      </div>
    </>
  )
}
