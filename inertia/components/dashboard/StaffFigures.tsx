import { Link } from '@inertiajs/react'
import StatCard from './StatCard.js'
import Block from '../ui/Block.js'
import { staffLinks } from './staff_links.js'
import { formatDate } from '../../lib/format.js'
import { formatEuros } from '@shared/totals'
import { ETAPE_LABELS } from '@shared/commande_etapes'
import type { SignesFigure, StaffFigures as Figures } from '@shared/dashboard'

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
const periodeText = (f: SignesFigure) =>
  `du ${formatDate(f.periode.du)} au ${formatDate(f.periode.au)}`

/** A « signés » card: this period (the card's link) and last year's same period (its own link). */
function SignesCard({
  label,
  now,
  before,
  testId,
}: {
  label: string
  now: SignesFigure
  before: SignesFigure
  testId: string
}) {
  const up = now.montant_ttc >= before.montant_ttc
  return (
    <div className="block block-rounded h-100 mb-0" data-testid={testId}>
      <div className="block-content p-3">
        <Link
          href={staffLinks.signes(now.periode)}
          className="d-block text-reset"
          title={`Bons de commande signés ${periodeText(now)}`}
          data-testid={`${testId}-lien`}
        >
          <div className="small text-uppercase text-body-secondary fw-semibold mb-1">{label}</div>
          <div className="fs-3 fw-bold text-body-emphasis">{formatEuros(now.montant_ttc)}</div>
          <div className="small">{plural(now.nombre, 'bon signé', 'bons signés')} (TTC)</div>
        </Link>
        <Link
          href={staffLinks.signes(before.periode)}
          className={`small d-inline-block mt-1 ${up ? 'text-success' : 'text-danger'}`}
          title={`Bons de commande signés ${periodeText(before)}`}
          data-testid={`${testId}-n1`}
        >
          <i
            className={`bi ${up ? 'bi-arrow-up-right' : 'bi-arrow-down-right'} me-1`}
            aria-hidden="true"
          />
          Année précédente : {formatEuros(before.montant_ttc)} ·{' '}
          {plural(before.nombre, 'bon', 'bons')}
        </Link>
      </div>
    </div>
  )
}

/** The staff's figures of the day (issue 14 §2), each opening the list it counts. */
export default function StaffFigures({ figures }: { figures: Figures }) {
  const cards = [
    {
      key: 'relance',
      label: `Devis à relancer (+${figures.devis_a_relancer.jours} j)`,
      value: String(figures.devis_a_relancer.nombre),
      trend: `${formatEuros(figures.devis_a_relancer.montant_ttc)} TTC en attente de réponse`,
      icon: 'bi bi-send-exclamation',
      color: figures.devis_a_relancer.nombre > 0 ? 'warning' : 'success',
      href: staffLinks.devisARelancer(),
      title: `Devis envoyés depuis ${figures.devis_a_relancer.jours} jours ou plus, sans réponse`,
    },
    {
      key: 'acomptes',
      label: 'Acomptes attendus',
      value: formatEuros(figures.acomptes_attendus.montant),
      trend: plural(
        figures.acomptes_attendus.nombre,
        'commande attend son acompte',
        'commandes attendent leur acompte'
      ),
      icon: 'bi bi-piggy-bank',
      color: 'info',
      href: staffLinks.acomptes(),
      title: 'Commandes signées dont l’acompte n’est pas encore reçu : le montant demandé',
    },
  ]
  return (
    <section aria-labelledby="ventes-figures" className="mb-4">
      <h2 id="ventes-figures" className="h4 fw-bold mb-3">
        Ventes et production
      </h2>
      <div className="row g-4 mb-4">
        <div className="col-md-6 col-xl-3">
          <SignesCard
            label="Signés ce mois"
            now={figures.signes.mois}
            before={figures.signes.mois_n1}
            testId="fig-signes-mois"
          />
        </div>
        <div className="col-md-6 col-xl-3">
          <SignesCard
            label="Signés cette année"
            now={figures.signes.annee}
            before={figures.signes.annee_n1}
            testId="fig-signes-annee"
          />
        </div>
        {cards.map((card) => (
          <div className="col-md-6 col-xl-3" key={card.key}>
            <Link
              href={card.href}
              className="d-block text-reset h-100"
              title={card.title}
              data-testid={`fig-${card.key}`}
            >
              <StatCard
                label={card.label}
                value={card.value}
                icon={card.icon}
                color={card.color}
                trend={card.trend}
                trendUp
              />
            </Link>
          </div>
        ))}
      </div>
      <div className="row g-4">
        <div className="col-lg-6">
          <Block
            title={
              <Link href={staffLinks.commandesEnRetard()} data-testid="fig-retard-total">
                Commandes en retard : {figures.commandes_en_retard}
              </Link>
            }
            className="h-100 mb-0"
          >
            {figures.etapes_en_retard.length === 0 ? (
              <p className="text-body-secondary mb-3">Aucune commande en retard.</p>
            ) : (
              <ul className="list-group list-group-flush mb-3">
                {figures.etapes_en_retard.map((r) => (
                  <li key={r.etape} className="list-group-item px-0">
                    <Link
                      href={staffLinks.etapeEnRetard(r.etape)}
                      className="d-flex justify-content-between text-reset"
                      data-testid={`fig-retard-${r.etape}`}
                    >
                      <span>{ETAPE_LABELS[r.etape]}</span>
                      <span className="badge text-bg-danger rounded-pill">{r.nombre}</span>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Block>
        </div>
        <div className="col-lg-6">
          <Block title={`Visites du ${formatDate(figures.today)}`} className="h-100 mb-0">
            <ul className="list-group list-group-flush mb-3">
              {(['com', 'tec'] as const).map((type) => (
                <li key={type} className="list-group-item px-0">
                  <Link
                    href={staffLinks.visites(type)}
                    className="d-flex justify-content-between text-reset"
                    data-testid={`fig-visites-${type}`}
                  >
                    <span>
                      <i
                        className={`bi ${type === 'com' ? 'bi-person-badge' : 'bi-tools'} me-2`}
                        aria-hidden="true"
                      />
                      {type === 'com' ? 'Rendez-vous commerciaux' : 'Visites techniques'}
                    </span>
                    <span className="badge text-bg-primary rounded-pill">
                      {figures.visites_du_jour[type]}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </Block>
        </div>
      </div>
    </section>
  )
}
