import { lazy } from 'react'
import Block from '../ui/Block.js'
import { LazyPart } from '../ui/ChunkFailed.js'

// chart.js is only downloaded by the analyse pages, after their tables are on screen
const AnalyseChart = lazy(() => import('./AnalyseChart.js'))

export type AnalyseChartProps = {
  /** What the chart shows, for its aria-label. */
  label: string
  labels: string[]
  datasets: { label: string; data: number[]; color: string }[]
  /** A value of the axis and the tooltips as text (money, hours, %). */
  format: (value: number) => string
  horizontal?: boolean
}

/** The chart's block with its loading text; nothing to draw → a sentence instead. */
export default function AnalyseChartBlock(props: AnalyseChartProps & { title: string }) {
  const { title, ...chart } = props
  return (
    <Block title={title}>
      {chart.labels.length === 0 ? (
        <p className="text-body-secondary mb-0">Aucune donnée sur la période.</p>
      ) : (
        <LazyPart what="le graphique" loading="Chargement du graphique…">
          <AnalyseChart {...chart} />
        </LazyPart>
      )}
    </Block>
  )
}
