/*
 * The one period form of the report pages (devis statistics, Dashboard pro, the analyses): the
 * presets of shared/devis_list.ts, du / au, the page's own selects, all in the URL; `extra` (a
 * sort) is kept as is. The page remounts it (key) when the URL changes them, so the fields follow.
 */
import { useState } from 'react'
import { router } from '@inertiajs/react'
import { statsPresets } from '@shared/devis_list'

export type PeriodSelect = {
  name: string
  label: string
  value: string
  options: { value: string; label: string }[]
}

export type PeriodFormProps = {
  path: string
  du: string
  au: string
  today: string
  /** Prefix of the fields' ids (`stats` → #stats-du, #stats-au, #stats-commercial). */
  idPrefix: string
  /** The label of the first date (« Du », « Transmises du »). */
  duLabel?: string
  selects?: PeriodSelect[]
  extra?: Record<string, string>
  formId?: string
}

/** The query of a period: du, au, the selects that have a value, then `extra`. */
export function periodQuery(
  du: string,
  au: string,
  values: Record<string, string>,
  extra: Record<string, string> = {}
): string {
  const query = new URLSearchParams({ du, au })
  for (const [k, v] of Object.entries(values)) if (v) query.set(k, v)
  for (const [k, v] of Object.entries(extra)) query.set(k, v)
  return query.toString()
}

export default function PeriodForm(props: PeriodFormProps) {
  const selects = props.selects ?? []
  const [du, setDu] = useState(props.du)
  const [au, setAu] = useState(props.au)
  const [values, setValues] = useState(() =>
    Object.fromEntries(selects.map((s) => [s.name, s.value]))
  )
  const id = (name: string) => `${props.idPrefix}-${name}`
  const visit = (d: string, a: string) =>
    router.get(
      `${props.path}?${periodQuery(d, a, values, props.extra)}`,
      {},
      {
        preserveScroll: true,
      }
    )
  const dateWidth = selects.length > 0 ? 'col-md-3' : 'col-md-4'
  return (
    <form
      className="row g-2 align-items-end"
      id={props.formId}
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
      {(
        [
          ['du', props.duLabel ?? 'Du', du, setDu],
          ['au', 'Au', au, setAu],
        ] as const
      ).map(([name, label, value, set]) => (
        <div key={name} className={`col-6 ${dateWidth}`}>
          <label htmlFor={id(name)} className="form-label small mb-1">
            {label}
          </label>
          <input
            id={id(name)}
            type="date"
            className="form-control"
            value={value}
            required
            onChange={(e) => set(e.target.value)}
          />
        </div>
      ))}
      {selects.map((s) => (
        <div key={s.name} className="col-8 col-md-4">
          <label htmlFor={id(s.name)} className="form-label small mb-1">
            {s.label}
          </label>
          <select
            id={id(s.name)}
            className="form-select"
            value={values[s.name] ?? ''}
            onChange={(e) => setValues({ ...values, [s.name]: e.target.value })}
          >
            {s.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
      <div className={selects.length > 0 ? 'col-4 col-md-2' : 'col-12 col-md-4'}>
        <button type="submit" className="btn btn-primary w-100">
          Afficher
        </button>
      </div>
    </form>
  )
}
