import { useState } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../../components/layout/PageHeader.js'
import Block from '../../components/ui/Block.js'
import { formatMoney } from '../../lib/format.js'
import StatCard from '../../components/dashboard/StatCard.js'
import { route } from '~/lib/route'

export type BackendPreviewProps = {
  boxed: boolean
}

// Template demonstration (SPEC.md §1): every figure below is made up, none comes from the database
const STATS = [
  {
    label: 'Devis envoyés',
    value: '128',
    icon: 'bi bi-file-earmark-text',
    color: 'primary',
    trend: '+12 % sur 30 jours',
    trendUp: true,
  },
  {
    label: 'Chiffre d’affaires',
    value: '84 350 €',
    icon: 'bi bi-cash-stack',
    color: 'success',
    trend: '+4,2 %',
    trendUp: true,
  },
  {
    label: 'Commandes en cours',
    value: '23',
    icon: 'bi bi-box-seam',
    color: 'warning',
    trend: '−3 cette semaine',
    trendUp: false,
  },
  {
    label: 'Taux de signature',
    value: '42 %',
    icon: 'bi bi-pen',
    color: 'info',
    trend: '+2 points',
    trendUp: true,
  },
]

// Amounts in integer cents, as everywhere in the app (DESIGN.md §3)
const ORDERS = [
  {
    numero: 'CMD-2026-00042',
    client: 'Martin Dupont',
    etape: 'Mesurage',
    color: 'info',
    montant: 784050,
    date: '12/03/2026',
  },
  {
    numero: 'CMD-2026-00041',
    client: 'Sophie Lambert',
    etape: 'Approvisionnement',
    color: 'warning',
    montant: 1239000,
    date: '10/03/2026',
  },
  {
    numero: 'CMD-2026-00040',
    client: 'Atelier Verhaegen SRL',
    etape: 'Fourniture',
    color: 'primary',
    montant: 2311520,
    date: '07/03/2026',
  },
  {
    numero: 'CMD-2026-00039',
    client: 'Julie Peeters',
    etape: 'Pose',
    color: 'success',
    montant: 546000,
    date: '03/03/2026',
  },
  {
    numero: 'CMD-2026-00038',
    client: 'Thomas Claes',
    etape: 'Terminée',
    color: 'secondary',
    montant: 998075,
    date: '28/02/2026',
  },
]

const WEEK = [
  { day: 'Lun', value: 6 },
  { day: 'Mar', value: 9 },
  { day: 'Mer', value: 4 },
  { day: 'Jeu', value: 11 },
  { day: 'Ven', value: 8 },
  { day: 'Sam', value: 2 },
]

const ACTIVITY = [
  {
    icon: 'bi bi-check-circle text-success',
    text: 'Devis DEV-2026-00117 accepté',
    time: 'il y a 12 min',
  },
  { icon: 'bi bi-cash-coin text-primary', text: 'Paiement reçu : 2 350,00 €', time: 'il y a 1 h' },
  {
    icon: 'bi bi-calendar-event text-info',
    text: 'Pose planifiée le 18/03 à Namur',
    time: 'il y a 3 h',
  },
  {
    icon: 'bi bi-exclamation-triangle text-warning',
    text: 'Écart de mesure signalé (repère F3)',
    time: 'hier',
  },
]

export default function Backend({ boxed }: BackendPreviewProps) {
  const [loading, setLoading] = useState(false)
  const max = Math.max(...WEEK.map((w) => w.value))

  function simulateLoading() {
    setLoading(true)
    window.setTimeout(() => setLoading(false), 1500)
  }

  return (
    <>
      <Head title={boxed ? 'Aperçu backend (boxed)' : 'Aperçu backend'} />

      <PageHeader
        title={boxed ? 'Aperçu backend — boxed' : 'Aperçu backend'}
        subtitle="Démonstration des composants du modèle d’interface."
        breadcrumb={[{ label: 'Aperçus' }, { label: boxed ? 'Backend boxed' : 'Backend' }]}
        actions={
          <div className="btn-group btn-group-sm" role="group" aria-label="Largeur de la page">
            <Link
              href={route('preview.backend')}
              className={`btn ${boxed ? 'btn-alt-secondary' : 'btn-secondary'}`}
              aria-current={boxed ? undefined : 'page'}
            >
              Pleine largeur
            </Link>
            <Link
              href={route('preview.backend_boxed')}
              className={`btn ${boxed ? 'btn-secondary' : 'btn-alt-secondary'}`}
              aria-current={boxed ? 'page' : undefined}
            >
              Boxed
            </Link>
          </div>
        }
      />

      {/* The resolver gives this page MainLayout's boxed variant when `boxed` is true */}
      <div className="content">
        <div className="alert alert-info d-flex align-items-center mb-4" role="note">
          <i className="bi bi-info-circle me-2" aria-hidden="true" />
          <span>
            <strong>Données d’exemple</strong> — cette page présente le modèle d’interface ; aucun
            chiffre ne provient de l’application.
          </span>
        </div>

        <div className="row g-3 mb-4">
          {STATS.map((stat) => (
            <div key={stat.label} className="col-sm-6 col-xl-3">
              <StatCard {...stat} />
            </div>
          ))}
        </div>

        <div className="row g-4 mb-4">
          <div className="col-xl-8">
            <Block
              title="Dernières commandes (exemple)"
              className="h-100 mb-0"
              loading={loading}
              fullscreenToggle
              pinToggle
              contentToggle
              options={
                <button
                  type="button"
                  className="btn-block-option"
                  onClick={simulateLoading}
                  disabled={loading}
                  title="Actualiser (démonstration de l’état de chargement)"
                  aria-label="Actualiser"
                >
                  <i className="bi bi-arrow-repeat" aria-hidden="true" />
                </button>
              }
            >
              <div className="table-responsive">
                <table className="table table-hover table-vcenter align-middle mb-3">
                  <thead>
                    <tr>
                      <th scope="col">Numéro</th>
                      <th scope="col">Client</th>
                      <th scope="col">Étape</th>
                      <th scope="col" className="d-none d-sm-table-cell">
                        Date
                      </th>
                      <th scope="col" className="text-end text-nowrap">
                        Montant TTC
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {ORDERS.map((order) => (
                      <tr key={order.numero}>
                        <td className="fw-semibold text-nowrap">{order.numero}</td>
                        <td>{order.client}</td>
                        <td>
                          <span
                            className={`badge bg-${order.color}-subtle text-${order.color}-emphasis`}
                          >
                            {order.etape}
                          </span>
                        </td>
                        <td className="d-none d-sm-table-cell text-body-secondary">{order.date}</td>
                        <td className="text-end text-nowrap">{formatMoney(order.montant)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </Block>
          </div>

          <div className="col-xl-4">
            <Block title="Devis signés (exemple)" className="h-100 mb-0" contentToggle>
              {/* A plain CSS bar chart: no chart library for sample figures */}
              <div
                className="d-flex align-items-end justify-content-between gap-2 pt-2 pb-3"
                style={{ height: 200 }}
                role="img"
                aria-label={`Devis signés par jour : ${WEEK.map((w) => `${w.day} ${w.value}`).join(', ')}`}
              >
                {WEEK.map((w) => (
                  <div
                    key={w.day}
                    className="d-flex flex-column align-items-center flex-grow-1 h-100 justify-content-end"
                  >
                    <span className="small fw-semibold mb-1">{w.value}</span>
                    <div
                      className="w-100 rounded-top bg-primary bg-gradient"
                      style={{ height: `${(w.value / max) * 70}%`, minHeight: 4 }}
                    />
                    <span className="small text-body-secondary mt-1">{w.day}</span>
                  </div>
                ))}
              </div>
            </Block>
          </div>
        </div>

        <div className="row g-4">
          <div className="col-lg-6">
            <Block title="Activité récente (exemple)" className="h-100 mb-0">
              <ul className="list-group list-group-flush mb-3">
                {ACTIVITY.map((a) => (
                  <li key={a.text} className="list-group-item px-0 d-flex align-items-center gap-3">
                    <i className={`${a.icon} fs-5`} aria-hidden="true" />
                    <span className="flex-grow-1">{a.text}</span>
                    <span className="small text-body-secondary text-nowrap">{a.time}</span>
                  </li>
                ))}
              </ul>
            </Block>
          </div>
          <div className="col-lg-6">
            <Block title="Objectif trimestriel (exemple)" className="h-100 mb-0" themed>
              <p className="text-body-secondary">
                Chiffre d’affaires signé par rapport à l’objectif du trimestre.
              </p>
              {[
                { label: 'Châssis PVC', value: 78, color: 'primary' },
                { label: 'Portes d’entrée', value: 54, color: 'success' },
                { label: 'Volets et protections solaires', value: 31, color: 'warning' },
              ].map((p) => (
                <div key={p.label} className="mb-3">
                  <div className="d-flex justify-content-between small mb-1">
                    <span>{p.label}</span>
                    <span className="fw-semibold">{p.value} %</span>
                  </div>
                  <div
                    className="progress"
                    role="progressbar"
                    aria-label={p.label}
                    aria-valuenow={p.value}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    style={{ height: 8 }}
                  >
                    <div
                      className={`progress-bar bg-${p.color}`}
                      style={{ width: `${p.value}%` }}
                    />
                  </div>
                </div>
              ))}
            </Block>
          </div>
        </div>
      </div>
    </>
  )
}
