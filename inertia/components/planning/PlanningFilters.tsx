/*
 * The planning calendar's filters (issue 13 §1): the persons shown, the natures (when the
 * planning has more than one) and the cancelled visits.
 */
import type { CSSProperties } from 'react'
import Dropdown from '../ui/Dropdown.js'
import { NATURE_COULEURS, NATURE_LABELS, type Nature, type RessourceDto } from '@shared/planning'

export type PlanningFiltersProps = {
  ressources: RessourceDto[]
  /** The persons chosen (none: everybody). */
  personnes: number[]
  onTogglePersonne: (id: number) => void
  onToutLeMonde: () => void
  /** The planning's natures, and those shown. */
  natures: Nature[]
  selectedNatures: Nature[]
  onToggleNature: (n: Nature) => void
  annulees: boolean
  onAnnulees: (on: boolean) => void
}

export default function PlanningFilters({
  ressources,
  personnes,
  onTogglePersonne,
  onToutLeMonde,
  natures,
  selectedNatures,
  onToggleNature,
  annulees,
  onAnnulees,
}: PlanningFiltersProps) {
  return (
    <div className="planning-filters d-flex flex-wrap align-items-center gap-2 mb-3">
      <Dropdown
        align="start"
        toggleClassName="btn btn-sm btn-alt-secondary dropdown-toggle"
        toggle={
          <>
            <i className="bi bi-people me-1" aria-hidden="true" />
            {personnes.length
              ? `${personnes.length} personne${personnes.length > 1 ? 's' : ''}`
              : 'Toutes les personnes'}
          </>
        }
        menuClassName="planning-personnes-menu p-2"
      >
        {ressources.map((r) => (
          <div className="form-check" key={r.id}>
            <input
              className="form-check-input"
              type="checkbox"
              id={`filtre-personne-${r.id}`}
              checked={personnes.includes(r.id)}
              onChange={() => onTogglePersonne(r.id)}
            />
            <label className="form-check-label" htmlFor={`filtre-personne-${r.id}`}>
              <span
                className="planning-swatch me-1"
                style={{ background: r.couleur }}
                aria-hidden="true"
              />
              {r.nom}
              {r.equipe && <span className="text-body-secondary small"> · {r.equipe}</span>}
            </label>
          </div>
        ))}
        {personnes.length > 0 && (
          <button type="button" className="btn btn-sm btn-link px-0" onClick={onToutLeMonde}>
            Tout le monde
          </button>
        )}
      </Dropdown>
      {natures.length > 1 &&
        natures.map((n) => {
          const on = selectedNatures.includes(n)
          return (
            <button
              key={n}
              type="button"
              className={`btn btn-sm planning-nature-chip${on ? ' active' : ''}`}
              style={{ '--planning-nature': NATURE_COULEURS[n] } as CSSProperties}
              aria-pressed={on}
              onClick={() => onToggleNature(n)}
            >
              <span className="planning-swatch me-1" aria-hidden="true" />
              {NATURE_LABELS[n]}
            </button>
          )
        })}
      <div className="form-check form-switch mb-0 ms-md-auto">
        <input
          className="form-check-input"
          type="checkbox"
          role="switch"
          id="planning-annulees"
          checked={annulees}
          onChange={(e) => onAnnulees(e.target.checked)}
        />
        <label className="form-check-label small" htmlFor="planning-annulees">
          Afficher les visites annulées
        </label>
      </div>
    </div>
  )
}
