/*
 * The bar chart of an analyse page, loaded on demand (React.lazy in AnalyseChartBlock): chart.js
 * and react-chartjs-2 stay out of the common chunk, downloaded by the analyse pages only. Only
 * the pieces a bar chart uses are registered. The same figures are in the page's table (the
 * accessible version); the canvas has a role="img" and a label pointing to it.
 */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { Bar } from 'react-chartjs-2'
import type { AnalyseChartProps } from './AnalyseChartBlock.js'

ChartJS.register(BarController, BarElement, CategoryScale, LinearScale, Tooltip, Legend)

export default function AnalyseChart({
  labels,
  datasets,
  format,
  label,
  horizontal,
}: AnalyseChartProps) {
  const height = horizontal ? Math.max(240, 28 * labels.length + 80) : 300
  return (
    <div style={{ position: 'relative', height }}>
      <Bar
        aria-label={`Graphique : ${label} (voir le tableau)`}
        role="img"
        data={{
          labels,
          datasets: datasets.map((d) => ({
            label: d.label,
            data: d.data,
            backgroundColor: d.color,
          })),
        }}
        options={{
          indexAxis: horizontal ? 'y' : 'x',
          maintainAspectRatio: false,
          scales: {
            [horizontal ? 'x' : 'y']: {
              beginAtZero: true,
              ticks: { callback: (v) => format(Number(v)) },
            },
          },
          plugins: {
            legend: { position: 'bottom' },
            tooltip: {
              callbacks: { label: (item) => `${item.dataset.label} : ${format(Number(item.raw))}` },
            },
          },
        }}
      />
    </div>
  )
}
