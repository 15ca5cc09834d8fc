import { useState } from 'react'
import { router } from '@inertiajs/react'
import { statsPresets } from '@shared/devis_list'

/**
 * The period of the partners' figures (du / au, with the devis statistics' presets), in the URL;
 * `extra` (the sort) is kept. The page remounts it (key) when the URL changes the dates.
 */
export default function PeriodeForm(props: {
  path: string
  du: string
  au: string
  today: string
  extra?: Record<string, string>
}) {
  const [du, setDu] = useState(props.du)
  const [au, setAu] = useState(props.au)
  const visit = (d: string, a: string) => {
    const query = new URLSearchParams({ du: d, au: a, ...props.extra })
    router.get(`${props.path}?${query.toString()}`, {}, { preserveScroll: true })
  }
  return (
    <form
      className="row g-2 align-items-end"
      onSubmit={(e) => {
        e.preventDefault()
        visit(du, au)
      }}
    >
      <div className="col-12">
        <div className="d-flex flex-wrap gap-1" role="group" aria-label="Périodes prédéfinies">
          {statsPresets(props.today).map((p) => {
            const active = p.du === props.du && p.au === props.au
            return (
              <button
                key={p.key}
                type="button"
                className={`btn btn-sm ${active ? 'btn-primary' : 'btn-alt-secondary'}`}
                aria-pressed={active}
                onClick={() => visit(p.du, p.au)}
              >
                {p.label}
              </button>
            )
          })}
        </div>
      </div>
      <div className="col-6 col-md-4">
        <label htmlFor="periode-du" className="form-label small mb-1">
          Transmises du
        </label>
        <input
          id="periode-du"
          type="date"
          className="form-control"
          value={du}
          required
          onChange={(e) => setDu(e.target.value)}
        />
      </div>
      <div className="col-6 col-md-4">
        <label htmlFor="periode-au" className="form-label small mb-1">
          Au
        </label>
        <input
          id="periode-au"
          type="date"
          className="form-control"
          value={au}
          required
          onChange={(e) => setAu(e.target.value)}
        />
      </div>
      <div className="col-12 col-md-4">
        <button type="submit" className="btn btn-primary w-100">
          Afficher
        </button>
      </div>
    </form>
  )
}
