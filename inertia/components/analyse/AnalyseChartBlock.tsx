import { lazy, Suspense } from 'react'
import Block from '../ui/Block.js'
import { ChunkBoundary } from '../ui/ChunkFailed.js'

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
        <ChunkBoundary what="le graphique">
          <Suspense
            fallback={
              <div className="text-center text-body-secondary py-5" role="status">
                <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                Chargement du graphique…
              </div>
            }
          >
            <AnalyseChart {...chart} />
          </Suspense>
        </ChunkBoundary>
      )}
    </Block>
  )
}
