/*
 * The frame of an analyse page (issue 14 §3): title, the tabs between the four analyses, what the
 * server replaced in the URL, the period form (presets, du / au, the analyse's own selects, all in
 * the URL) and the CSV / XLSX links of the same query. The page puts its chart and tables inside.
 */
import type { ReactNode } from 'react'
import { Head, Link } from '@inertiajs/react'
import PageHeader from '../layout/PageHeader.js'
import Block from '../ui/Block.js'
import ListWarnings from '../list/ListWarnings.js'
import PeriodForm, { periodQuery, type PeriodSelect } from '../ui/PeriodForm.js'
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

export type AnalyseSelect = PeriodSelect

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

export default function AnalyseFrame(props: AnalyseFrameProps) {
  const current = ANALYSES.find((a) => a.key === props.analyse)!
  const selects = props.selects ?? []
  const initial = Object.fromEntries(selects.map((s) => [s.name, s.value]))
  const periode = `du ${formatDate(props.du)} au ${formatDate(props.au)}`
  const paths = PATHS[props.analyse]
  const exportHref = (format: string) =>
    `${paths.export}?${periodQuery(props.du, props.au, initial, { format })}`
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
                href={`${PATHS[a.key].page}?${periodQuery(props.du, props.au, {})}`}
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
            path={paths.page}
            idPrefix="analyse"
            formId="analyse-periode"
            du={props.du}
            au={props.au}
            today={props.today}
            selects={props.selects}
          />
        </Block>
        {props.children}
      </div>
    </>
  )
}
