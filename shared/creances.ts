/*
 * Créances (issue 11 §4): what the clients still owe, aged by how late each facture is. The
 * aging rule lives here once: the page, the CSV and the SQL of the server (built from
 * AGING_BUCKETS) all follow it. Money in cents; dates ISO yyyy-mm-dd, days counted in Brussels.
 */
import { daysBetween } from './dates.js'

/**
 * The aging buckets, in order: a facture falls in the first whose `maxDays` is at least its days
 * late (null: no upper bound). Due today is not late (non échu); 30 days late is still 0–30.
 */
export const AGING_BUCKETS = [
  { key: 'non_echu', label: 'Non échu', maxDays: 0 },
  { key: 'j0_30', label: '0–30 jours', maxDays: 30 },
  { key: 'j31_60', label: '31–60 jours', maxDays: 60 },
  { key: 'j61_90', label: '61–90 jours', maxDays: 90 },
  { key: 'plus_90', label: '> 90 jours', maxDays: null },
] as const

export type AgingBucket = (typeof AGING_BUCKETS)[number]['key']
export const AGING_BUCKET_KEYS = AGING_BUCKETS.map((b) => b.key) as AgingBucket[]

export const AGING_BUCKET_LABELS = Object.fromEntries(
  AGING_BUCKETS.map((b) => [b.key, b.label])
) as Record<AgingBucket, string>

/** Days a facture is late on `today`: 0 on its due date, negative before. */
export function joursRetard(echeance: string, today: string): number {
  return daysBetween(echeance, today)
}

/** The bucket of a facture `days` late (joursRetard). */
export function agingBucket(days: number): AgingBucket {
  for (const bucket of AGING_BUCKETS) {
    if (bucket.maxDays === null || days <= bucket.maxDays) return bucket.key
  }
  return 'plus_90'
}

/** Amounts per bucket, cents. */
export type AgingAmounts = Record<AgingBucket, number>

// ── The page (esi/compta/creance) ────────────────────────────────────────────────────────────

export const CREANCE_SORT_KEYS = ['du', 'client', 'retard'] as const
export const CREANCE_DEFAULT_SORT = [{ key: 'du', desc: true }]

export type CreanceClientItem = AgingAmounts & {
  client_id: number
  client_nom: string
  numero_tva: string | null
  /** Sum of what the client's open factures still ask (the aging buckets split it). */
  du: number
  /** The client's credit: payments not allocated (a note de crédit is applied to its facture). */
  credit: number
  /** What the client owes: du − credit (negative: the company owes the client). */
  solde: number
  /** Part of du past its due date. */
  en_retard: number
  nb_factures: number
  /** Days late of the client's oldest unpaid facture (≤ 0: nothing late; no facture: -100000). */
  retard_max: number
}

export type CreanceTotals = AgingAmounts & {
  du: number
  credit: number
  solde: number
  en_retard: number
  nb_clients: number
  nb_factures: number
}

export type CreanceFactureItem = {
  id: number
  numero: string
  date_facture: string
  echeance: string
  total_ttc: number
  reste: number
  jours_retard: number
  bucket: AgingBucket
}

/** « 12 jours », « 1 jour », « — » when not late. */
export function retardLabel(days: number): string {
  if (days <= 0) return '—'
  return days === 1 ? '1\u00a0jour' : `${days}\u00a0jours`
}
