/*
 * The withdrawal banner of a commande signed at the client's home: no supplier order before the
 * end of the 14 days. "Today" is Brussels' day (shared/dates.ts), not the UTC one: from midnight
 * in Brussels the count already moved on. The last day (`fin`) is included.
 */
import { daysBetween, formatDate, todayIso } from '@shared/dates'
import { DELAI_RETRACTATION_JOURS } from '@shared/devis'

export type RetractationState = {
  /** The client may still withdraw (today is on or before the last day). */
  enCours: boolean
  /** Whole days left after today: 0 on the last day; negative once it is over. */
  joursRestants: number
}

export function retractationState(fin: string, today: string = todayIso()): RetractationState {
  const joursRestants = daysBetween(today, fin)
  return { enCours: joursRestants >= 0, joursRestants }
}

/** « Dernier jour aujourd’hui », « Encore 1 jour », « Encore 5 jours ». */
export function joursRestantsText({ enCours, joursRestants }: RetractationState): string {
  if (!enCours) return 'Ce délai est écoulé.'
  if (joursRestants === 0) return 'Dernier jour aujourd’hui.'
  return `Encore ${joursRestants} jour${joursRestants > 1 ? 's' : ''}.`
}

export default function RetractationBanner({
  fin,
  today,
  lieu,
}: {
  fin: string
  today?: string
  /** Where the bdc was signed: at the customer's home, or online at a distance (issue 14 §1). */
  lieu?: string | null
}) {
  const state = retractationState(fin, today)
  return (
    <div
      className={`alert ${state.enCours ? 'alert-warning' : 'alert-secondary'} d-flex align-items-center gap-3`}
      role="status"
      data-testid="commande-retractation"
    >
      <i className="bi bi-hourglass-split fs-3" aria-hidden="true" />
      <div>
        <strong className="fs-5">
          Délai de rétractation jusqu’au {formatDate(fin)} — aucune commande fournisseur avant cette
          date
        </strong>
        <div className="small">
          {lieu === 'distance'
            ? 'Contrat conclu à distance (signé en ligne)'
            : 'Bon signé au domicile du client'}{' '}
          : il peut se rétracter sans justification pendant {DELAI_RETRACTATION_JOURS} jours.{' '}
          <span data-testid="retractation-jours">{joursRestantsText(state)}</span>
        </div>
      </div>
    </div>
  )
}
