/*
 * The charts of the devis statistics, loaded on demand (React.lazy in esi/devis/Stats): only the
 * controllers, elements and plugins these two charts use are registered, so chart.js stays small.
 * The same figures are in the tables below them (the accessible version).
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  DoughnutController,
  Legend,
  LinearScale,
  Tooltip,
} from 'chart.js'
import { Bar, Doughnut } from 'react-chartjs-2'
import { DEVIS_STATUT_LABELS } from '@shared/devis'
import type { DevisStats } from '@shared/devis_list'
import { formatMoney } from '../../lib/format.js'
import { monthLabel } from './stats_format.js'

ChartJS.register(
  BarController,
  BarElement,
  DoughnutController,
  ArcElement,
  CategoryScale,
  LinearScale,
  Tooltip,
  Legend
)

// Bootstrap's colours of the statut badges (secondary, info, success, danger, warning, dark)
const STATUT_COLOURS: Record<string, string> = {
  brouillon: '#6c757d',
  envoye: '#0dcaf0',
  accepte: '#198754',
  refuse: '#dc3545',
  expire: '#ffc107',
  annule: '#212529',
}

export default function StatsCharts({ stats }: { stats: DevisStats }) {
  const labels = stats.par_mois.map((m) => monthLabel(m.mois))
  const statuts = stats.par_statut.filter((s) => s.nombre > 0)
  return (
    <div className="row g-4">
      <div className="col-lg-8">
        <h3 className="h6">Devis par mois</h3>
        <div style={{ position: 'relative', height: 300 }}>
          <Bar
            aria-label="Graphique : devis créés, envoyés et acceptés par mois (voir le tableau)"
            role="img"
            data={{
              labels,
              datasets: [
                {
                  label: 'Créés',
                  data: stats.par_mois.map((m) => m.crees),
                  backgroundColor: '#adb5bd',
                },
                {
                  label: 'Envoyés',
                  data: stats.par_mois.map((m) => m.envoyes),
                  backgroundColor: '#0dcaf0',
                },
                {
                  label: 'Acceptés',
                  data: stats.par_mois.map((m) => m.acceptes),
                  backgroundColor: '#198754',
                },
              ],
            }}
            options={{
              maintainAspectRatio: false,
              scales: { y: { beginAtZero: true, ticks: { precision: 0 } } },
              plugins: { legend: { position: 'bottom' } },
            }}
          />
        </div>
      </div>
      <div className="col-lg-4">
        <h3 className="h6">Montant HT par statut</h3>
        <div style={{ position: 'relative', height: 300 }}>
          {statuts.length === 0 ? (
            <p className="text-body-secondary">Aucun devis sur la période.</p>
          ) : (
            <Doughnut
              aria-label="Graphique : montant HT des devis par statut (voir le tableau)"
              role="img"
              data={{
                labels: statuts.map((s) => DEVIS_STATUT_LABELS[s.statut]),
                datasets: [
                  {
                    data: statuts.map((s) => s.total_ht / 100),
                    backgroundColor: statuts.map((s) => STATUT_COLOURS[s.statut]),
                  },
                ],
              }}
              options={{
                maintainAspectRatio: false,
                plugins: {
                  legend: { position: 'bottom' },
                  tooltip: {
                    callbacks: {
                      label: (item) =>
                        `${item.label} : ${formatMoney(Math.round(Number(item.raw) * 100))}`,
                    },
                  },
                },
              }}
            />
          )}
        </div>
      </div>
    </div>
  )
}
