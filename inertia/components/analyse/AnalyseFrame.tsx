/*
 * The frame of an analyse page (issue 14 §3): title, the tabs between the four analyses, what the
 * server replaced in the URL, the period form (presets, du / au, the analyse's own selects, all in
 * the URL) and the CSV / XLSX links of the same query. The page puts its chart and tables inside.
 */
import { useState, type ReactNode } from 'react'
import { Head, Link, router } from '@inertiajs/react'
import PageHeader from '../layout/PageHeader.js'
import Block from '../ui/Block.js'
import ListWarnings from '../list/ListWarnings.js'
import { statsPresets } from '@shared/devis_list'
import { ANALYSES, type AnalyseKey } from '@shared/analyse'
import { formatDate } from '../../lib/format.js'
import { route } from '~/lib/route'

const PATHS: Record<AnalyseKey, { page: string; export: string }> = {
  chiffre_affaires: {
    page: route('esi.analyse.chiffre_affaires'),
    export: route('esi.analyse.chiffre_affaires.export'),
  },
  rentabilite: {
    page: route('esi.analyse.rentabilite'),
    export: route('esi.analyse.rentabilite.export'),
  },
  acceptation: {
    page: route('esi.analyse.acceptation'),
    export: route('esi.analyse.acceptation.export'),
  },
  techniciens: {
    page: route('esi.analyse.techniciens'),
    export: route('esi.analyse.techniciens.export'),
  },
}

export type AnalyseSelect = {
  name: string
  label: string
  value: string
  options: { value: string; label: string }[]
}

export type AnalyseFrameProps = {
  analyse: AnalyseKey
  du: string
  au: string
  today: string
  warnings: string[]
  /** The analyse's own filters (selects), in the URL next to du and au. */
  selects?: AnalyseSelect[]
  children: ReactNode
}

function queryOf(du: string, au: string, values: Record<string, string>, extra = {}) {
  const query = new URLSearchParams({ du, au })
  for (const [k, v] of Object.entries(values)) if (v) query.set(k, v)
  for (const [k, v] of Object.entries(extra)) query.set(k, String(v))
  return query.toString()
}

export default function AnalyseFrame(props: AnalyseFrameProps) {
  const current = ANALYSES.find((a) => a.key === props.analyse)!
  const selects = props.selects ?? []
  const initial = Object.fromEntries(selects.map((s) => [s.name, s.value]))
  const periode = `du ${formatDate(props.du)} au ${formatDate(props.au)}`
  const paths = PATHS[props.analyse]
  const exportHref = (format: string) =>
    `${paths.export}?${queryOf(props.du, props.au, initial, { format })}`
  return (
    <>
      <Head title={current.label} />
      <PageHeader
        title={current.label}
        subtitle={`Période ${periode}`}
        breadcrumb={[{ label: 'Analyse' }, { label: current.label }]}
        actions={
          <div className="d-flex gap-2">
            <a className="btn btn-alt-secondary" href={exportHref('csv')} download>
              <i className="bi bi-filetype-csv me-1" aria-hidden="true" />
              CSV
            </a>
            <a className="btn btn-alt-secondary" href={exportHref('xlsx')} download>
              <i className="bi bi-file-earmark-spreadsheet me-1" aria-hidden="true" />
              XLSX
            </a>
          </div>
        }
      />
      <div className="content">
        <ul className="nav nav-tabs mb-3 flex-nowrap overflow-auto" aria-label="Analyses">
          {ANALYSES.map((a) => (
            <li key={a.key} className="nav-item">
              <Link
                className={`nav-link text-nowrap ${a.key === props.analyse ? 'active' : ''}`}
                aria-current={a.key === props.analyse ? 'page' : undefined}
                href={`${PATHS[a.key].page}?${queryOf(props.du, props.au, {})}`}
              >
                {a.label}
              </Link>
            </li>
          ))}
        </ul>
        <ListWarnings warnings={props.warnings} />
        <Block title="Période et filtres">
          <PeriodForm
            key={`${props.du}|${props.au}|${JSON.stringify(initial)}`}
            {...props}
            path={paths.page}
            initial={initial}
          />
        </Block>
        {props.children}
      </div>
    </>
  )
}

function PeriodForm(props: AnalyseFrameProps & { path: string; initial: Record<string, string> }) {
  const [du, setDu] = useState(props.du)
  const [au, setAu] = useState(props.au)
  const [values, setValues] = useState(props.initial)
  const visit = (d: string, a: string) =>
    router.get(`${props.path}?${queryOf(d, a, values)}`, {}, { preserveScroll: true })
  return (
    <form
      className="row g-2 align-items-end"
      id="analyse-periode"
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
      <div className="col-6 col-md-3">
        <label htmlFor="analyse-du" className="form-label small mb-1">
          Du
        </label>
        <input
          id="analyse-du"
          type="date"
          className="form-control"
          value={du}
          required
          onChange={(e) => setDu(e.target.value)}
        />
      </div>
      <div className="col-6 col-md-3">
        <label htmlFor="analyse-au" className="form-label small mb-1">
          Au
        </label>
        <input
          id="analyse-au"
          type="date"
          className="form-control"
          value={au}
          required
          onChange={(e) => setAu(e.target.value)}
        />
      </div>
      {(props.selects ?? []).map((s) => (
        <div key={s.name} className="col-8 col-md-4">
          <label htmlFor={`analyse-${s.name}`} className="form-label small mb-1">
            {s.label}
          </label>
          <select
            id={`analyse-${s.name}`}
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
      <div className="col-4 col-md-2">
        <button type="submit" className="btn btn-primary w-100">
          Afficher
        </button>
      </div>
    </form>
  )
}
