/*
 * The planning calendar's toolbar (issue 13 §1): previous / today / next, the period's title, the
 * view (a select on a phone, buttons above), the map and, below a wide screen, the waiting list.
 */
import { Link } from '@inertiajs/react'
import { VUE_LABELS, VUES, type Vue } from '@shared/planning'

export type PlanningToolbarProps = {
  title: string
  vue: Vue
  onVue: (vue: Vue) => void
  onPrev: () => void
  onToday: () => void
  onNext: () => void
  /** The map of the same planning, on the same day. */
  carteHref: string
  listOpen: boolean
  onOpenList: () => void
  /** How many items wait to be planned; null while loading. */
  attenteCount: number | null
}

export default function PlanningToolbar({
  title,
  vue,
  onVue,
  onPrev,
  onToday,
  onNext,
  carteHref,
  listOpen,
  onOpenList,
  attenteCount,
}: PlanningToolbarProps) {
  return (
    <div className="planning-toolbar d-flex flex-wrap align-items-center gap-2 mb-3">
      <div className="btn-group" role="group" aria-label="Naviguer">
        <button
          type="button"
          className="btn btn-sm btn-alt-secondary"
          onClick={onPrev}
          aria-label="Période précédente"
        >
          <i className="bi bi-chevron-left" aria-hidden="true" />
        </button>
        <button type="button" className="btn btn-sm btn-alt-secondary" onClick={onToday}>
          Aujourd’hui
        </button>
        <button
          type="button"
          className="btn btn-sm btn-alt-secondary"
          onClick={onNext}
          aria-label="Période suivante"
        >
          <i className="bi bi-chevron-right" aria-hidden="true" />
        </button>
      </div>
      <h2 className="h5 mb-0 planning-title text-capitalize" aria-live="polite">
        {title}
      </h2>
      <div className="ms-auto d-flex flex-wrap gap-2">
        <label className="visually-hidden" htmlFor="planning-vue">
          Vue
        </label>
        <select
          id="planning-vue"
          className="form-select form-select-sm d-md-none w-auto"
          value={vue}
          onChange={(e) => onVue(e.target.value as Vue)}
        >
          {VUES.map((v) => (
            <option key={v} value={v}>
              {VUE_LABELS[v]}
            </option>
          ))}
        </select>
        <div className="btn-group d-none d-md-inline-flex" role="group" aria-label="Vue">
          {VUES.map((v) => (
            <button
              key={v}
              type="button"
              className={`btn btn-sm ${vue === v ? 'btn-primary' : 'btn-alt-secondary'}`}
              aria-pressed={vue === v}
              onClick={() => onVue(v)}
            >
              {VUE_LABELS[v]}
            </button>
          ))}
        </div>
        <Link href={carteHref} className="btn btn-sm btn-alt-secondary">
          <i className="bi bi-map me-1" aria-hidden="true" />
          Carte
        </Link>
        <button
          type="button"
          className="btn btn-sm btn-alt-primary d-xl-none"
          onClick={onOpenList}
          aria-controls="planning-attente"
          aria-expanded={listOpen}
        >
          <i className="bi bi-inbox me-1" aria-hidden="true" />À planifier
          {attenteCount !== null && <span className="badge bg-primary ms-1">{attenteCount}</span>}
        </button>
      </div>
    </div>
  )
}
