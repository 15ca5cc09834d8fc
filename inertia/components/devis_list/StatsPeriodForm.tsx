import { useState } from 'react'
import { router } from '@inertiajs/react'
import { NO_COMMERCIAL, statsPresets, type CommercialOption } from '@shared/devis_list'
import { route } from '~/lib/route'

export type StatsPeriodFormProps = {
  du: string
  au: string
  commercial: string | null
  today: string
  commerciaux: CommercialOption[]
}

const PATH = route('esi.devis.stats')

function visit(du: string, au: string, commercial: string) {
  const query = new URLSearchParams({ du, au })
  if (commercial) query.set('commercial', commercial)
  router.get(`${PATH}?${query.toString()}`, {}, { preserveScroll: true })
}

/**
 * The period (du / au, with presets) and the commercial of the statistics, in the URL. The page
 * remounts it (key) when the URL changes them, so the fields follow.
 */
export default function StatsPeriodForm(props: StatsPeriodFormProps) {
  const [du, setDu] = useState(props.du)
  const [au, setAu] = useState(props.au)
  const [commercial, setCommercial] = useState(props.commercial ?? '')
  const presets = statsPresets(props.today)

  return (
    <form
      className="row g-2 align-items-end"
      onSubmit={(e) => {
        e.preventDefault()
        visit(du, au, commercial)
      }}
    >
      <div className="col-12">
        <div className="d-flex flex-wrap gap-1" role="group" aria-label="Périodes prédéfinies">
          {presets.map((p) => {
            const active = p.du === props.du && p.au === props.au
            return (
              <button
                key={p.key}
                type="button"
                className={`btn btn-sm ${active ? 'btn-primary' : 'btn-alt-secondary'}`}
                aria-pressed={active}
                onClick={() => visit(p.du, p.au, commercial)}
              >
                {p.label}
              </button>
            )
          })}
        </div>
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="stats-du" className="form-label small mb-1">
          Du
        </label>
        <input
          id="stats-du"
          type="date"
          className="form-control"
          value={du}
          required
          onChange={(e) => setDu(e.target.value)}
        />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="stats-au" className="form-label small mb-1">
          Au
        </label>
        <input
          id="stats-au"
          type="date"
          className="form-control"
          value={au}
          required
          onChange={(e) => setAu(e.target.value)}
        />
      </div>
      <div className="col-8 col-md-4">
        <label htmlFor="stats-commercial" className="form-label small mb-1">
          Commercial
        </label>
        <select
          id="stats-commercial"
          className="form-select"
          value={commercial}
          onChange={(e) => setCommercial(e.target.value)}
        >
          <option value="">Tous</option>
          <option value={NO_COMMERCIAL}>Sans commercial</option>
          {props.commerciaux.map((c) => (
            <option key={c.id} value={String(c.id)}>
              {c.nom}
            </option>
          ))}
        </select>
      </div>
      <div className="col-4 col-md-2">
        <button type="submit" className="btn btn-primary w-100">
          Afficher
        </button>
      </div>
    </form>
  )
}
