import { Link } from '@inertiajs/react'
import StatCard from './StatCard.js'
import { route } from '../../lib/route.js'
import { formatDate } from '../../lib/format.js'
import { formatEuros } from '@shared/totals'

/** The staff's money figures (issue 11 §6), computed by the server for staff only. */
export type ComptaFiguresData = {
  mois_du: string
  chiffre_affaires_mois: number
  du: number
  en_retard: number
}

/** Three cards: invoiced this month, due, overdue — each opens the créances page. */
export default function ComptaFigures({ figures }: { figures: ComptaFiguresData }) {
  const creances = route('esi.compta.creance')
  const cards = [
    {
      label: 'Facturé ce mois (HT)',
      value: formatEuros(figures.chiffre_affaires_mois),
      icon: 'bi bi-receipt',
      color: 'primary',
      href: route('esi.compta.facture') + `?filter[du]=${figures.mois_du}`,
      title: `Factures du mois, depuis le ${formatDate(figures.mois_du)}`,
    },
    {
      label: 'Dû par les clients',
      value: formatEuros(figures.du),
      icon: 'bi bi-cash-coin',
      color: 'info',
      href: creances,
      title: 'Voir les créances',
    },
    {
      label: 'En retard',
      value: formatEuros(figures.en_retard),
      icon: 'bi bi-exclamation-triangle',
      color: figures.en_retard > 0 ? 'danger' : 'success',
      href: `${creances}?filter[retard]=1`,
      title: 'Voir les créances en retard',
    },
  ]
  return (
    <section aria-labelledby="compta-figures" className="mb-4">
      <h2 id="compta-figures" className="h4 fw-bold mb-3">
        Comptabilité
      </h2>
      <div className="row g-4">
        {cards.map((card) => (
          <div className="col-md-4" key={card.label}>
            <Link href={card.href} className="d-block text-reset h-100" title={card.title}>
              <StatCard label={card.label} value={card.value} icon={card.icon} color={card.color} />
            </Link>
          </div>
        ))}
      </div>
    </section>
  )
}
