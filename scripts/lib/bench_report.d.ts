// Types of scripts/lib/bench_report.js for the unit tests (tests/unit/bench_report.spec.ts)
import type { Budgets } from './budgets.js'

export type Kind = 'floor' | 'bare' | 'list' | 'search' | 'save' | 'pdf' | 'stats' | 'other'
export interface Target {
  rps?: number
  p95?: number
  sql?: number
  source: string
}
export interface Row {
  label: string
  path?: string
  rps: number
  p50: number
  p95: number
  p99: number
  sql: number | string | null
  /** A read's first visit's count, when it differs from `sql` (its second visit's). */
  sqlFirst?: number | null
  errors: number
  /** The loaded processes' CPU (user + system) per request, ms; null when not measured. */
  cpu?: number | null
  /** PostgreSQL's CPU per request (ms), when the server runs on this machine. */
  dbCpu?: number | null
  profile?: import('./bench_profile.js').ProfileSummary & { file: string }
}
export interface Checked {
  target: Target | null
  checks: { rps?: boolean | null; p95?: boolean | null; sql?: boolean | null }
  ok: boolean | null
}
export interface LastPage {
  last: string
  first: string
  p95Last: number
  p95First: number
  ratio: number
  rpsRatio: number
  ok: boolean | null
}
export interface Report {
  version: number
  generatedAt: string
  meta: Record<string, any> & { volumeShort: string[] }
  targets: Record<string, any>
  comparators: { floor: Row | null; bare: Row | null }
  scenarios: (Row & Checked & { kind: Kind; family: string; ofFloor: number | null })[]
  lastPage: LastPage[]
  summary: { checked: number; passed: number; failed: number }
  browser: any
  budgets: Budgets | null
}
export declare const TARGETS: Record<'list' | 'search' | 'save' | 'pdf' | 'stats', Target>
export declare const LAST_PAGE_RATIO: number
export declare const TARGET_VOLUME: { clients: number; devis: number; factures: number }
export declare function kindOf(label: string): Kind
export declare function familyOf(label: string): string
export declare function referenceP95(label: string): number
export declare function targetOf(label: string): Target | null
export declare function percentile(sorted: ArrayLike<number>, p: number): number
export declare function summarise(
  latencies: number[],
  seconds: number
): { requests: number; rps: number; p50: number; p95: number; p99: number }
export declare function checkRow(row: Row, target?: Target | null): Checked
export declare function lastVsFirst(rows: Row[], firsts: Record<string, string>): LastPage[]
export declare function buildReport(input: {
  meta: Record<string, any>
  rows: Row[]
  firsts?: Record<string, string>
  browser?: any
  budgets?: Budgets | null
}): Report
export declare function searchOrderLine(order: {
  correlation: number | null
  ordered: boolean
}): string
export declare function reportMarkdown(report: Report): string
export declare function budgetsMarkdown(budgets: Budgets): string[]
