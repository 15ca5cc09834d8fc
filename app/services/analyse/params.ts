/*
 * The URL of an analyse page (decision 510): ?du=&au= read like the devis statistics' (default
 * the last 12 months, a bad date replaced with a French warning, at most 60 months), plus the
 * filters of each analyse. Never an error page: what does not fit is replaced and said.
 */
import { parseStatsParams } from '#services/devis_list/devis_stats'
import { TIME_ZONE } from '#shared/app'
import { CA_SOURCES, type CaSource } from '#shared/analyse'

export type AnalyseParams = {
  du: string
  au: string
  /** A user id, NO_COMMERCIAL, or null for everybody (rentabilité). */
  commercial: string | null
  source: CaSource
  warnings: string[]
}

export function parseAnalyseParams(qs: Record<string, unknown>): AnalyseParams {
  const { du, au, commercial, warnings } = parseStatsParams(qs)
  let source: CaSource = 'factures'
  const raw = qs.source
  if (raw !== undefined && raw !== '') {
    if (typeof raw === 'string' && (CA_SOURCES as readonly string[]).includes(raw)) {
      source = raw as CaSource
    } else {
      warnings.push('Source du chiffre d’affaires inconnue : le facturé est affiché.')
    }
  }
  return { du, au, commercial, source, warnings }
}

// A calendar day in Brussels as the instants it spans: [du 00:00, au + 1 day 00:00)
export const FROM_SQL = `(?::date)::timestamp AT TIME ZONE '${TIME_ZONE}'`
export const UNTIL_SQL = `((?::date) + 1)::timestamp AT TIME ZONE '${TIME_ZONE}'`

/** The months of the period, "2026-03"…, for the rows a month without data still gets. */
export function monthsOf(du: string, au: string): string[] {
  const months: string[] = []
  let [y, m] = du.slice(0, 7).split('-').map(Number)
  const last = au.slice(0, 7)
  for (;;) {
    const key = `${y}-${String(m).padStart(2, '0')}`
    if (key > last) break
    months.push(key)
    m++
    if (m > 12) {
      m = 1
      y++
    }
  }
  return months
}

export const num = (value: unknown) => Number(value ?? 0)
export const numOrNull = (value: unknown) =>
  value === null || value === undefined ? null : Number(value)

/** The file name of an analyse export: ASCII, chosen by the server (ASVS 5.4.1). */
export function exportFilename(name: string, du: string, au: string): string {
  return `analyse-${name}-${du}-${au}.csv`
}

/** One batch of rows for a CsvExport (our analyses are small aggregates). */
export async function* oneBatch(rows: unknown[][]): AsyncGenerator<unknown[][]> {
  yield rows
}

/** 0.425 → « 42,5 % » (a text cell); null → the given text. */
export function rateCell(value: number | null, none = ''): string {
  return value === null ? none : `${(Math.round(value * 1000) / 10).toString().replace('.', ',')} %`
}

/** 3.456 → « 3,46 »: a number as fr-BE Excel reads it (an XLSX number cell). */
export function decimalCell(value: number | null): string {
  return value === null ? '' : String(Math.round(value * 100) / 100).replace('.', ',')
}
