/*
 * The planning map's bar: the day (previous, date, next), whose route is shown, and the legend.
 */
import {
  NATURE_COULEURS,
  NATURE_LABELS,
  TYPE_NATURES,
  type PlanningType,
  type RessourceDto,
} from '@shared/planning'
import { decalerJour } from './tournee.js'

export type CarteBarreProps = {
  type: PlanningType
  date: string
  personne: number | null
  ressources: RessourceDto[]
  /** A new day or person (the page puts them in the URL). */
  go: (next: { date?: string; personne?: number | null }) => void
}

export default function CarteBarre({ type, date, personne, ressources, go }: CarteBarreProps) {
  return (
    <div className="d-flex flex-wrap align-items-end gap-2 mb-3">
      <div>
        <label htmlFor="carte-date" className="form-label mb-1 fw-semibold">
          Journée
        </label>
        <div className="input-group">
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => go({ date: decalerJour(date, -1) })}
            aria-label="Jour précédent"
          >
            <i className="bi bi-chevron-left" aria-hidden="true" />
          </button>
          <input
            id="carte-date"
            type="date"
            className="form-control"
            value={date}
            onChange={(e) => e.target.value && go({ date: e.target.value })}
          />
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => go({ date: decalerJour(date, 1) })}
            aria-label="Jour suivant"
          >
            <i className="bi bi-chevron-right" aria-hidden="true" />
          </button>
        </div>
      </div>
      <div>
        <label htmlFor="carte-personne" className="form-label mb-1 fw-semibold">
          Tournée de
        </label>
        <select
          id="carte-personne"
          className="form-select"
          value={personne ?? ''}
          onChange={(e) => go({ personne: e.target.value ? Number(e.target.value) : null })}
        >
          <option value="">Toutes les personnes</option>
          {ressources.map((r) => (
            <option key={r.id} value={r.id}>
              {r.nom}
            </option>
          ))}
        </select>
      </div>
      <ul className="list-inline mb-0 ms-md-auto small" aria-label="Légende">
        {TYPE_NATURES[type].map((n) => (
          <li key={n} className="list-inline-item">
            <span
              className="d-inline-block rounded-circle me-1 align-middle"
              style={{ width: 12, height: 12, background: NATURE_COULEURS[n] }}
              aria-hidden="true"
            />
            {NATURE_LABELS[n]} à planifier
          </li>
        ))}
        <li className="list-inline-item">
          <i className="bi bi-123 me-1" aria-hidden="true" />
          Visites du jour (ordre de tournée)
        </li>
      </ul>
    </div>
  )
}
