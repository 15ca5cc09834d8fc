/*
 * The devis list (esi/devis/Index) and the devis statistics (/esi/devis/stats): the sort keys,
 * filters and row shapes the server builds and the pages show.
 */
import type { DevisStatut } from './devis.js'

/** Columns of the devis list a user may sort by (`?sort=`); the server maps each to SQL. */
export const DEVIS_SORT_KEYS = [
  'numero',
  'date_devis',
  'client_nom',
  'total_ttc',
  'statut',
  'valable_jusqu_au',
  'created_at',
] as const
export type DevisSortKey = (typeof DEVIS_SORT_KEYS)[number]

export const DEVIS_DEFAULT_SORT = [{ key: 'date_devis', desc: true }]

/** `?filter[commercial]=` also takes this value: devis without a commercial. */
export const NO_COMMERCIAL = 'aucun'

/** A user offered in the commercial filter. */
export type CommercialOption = { id: number; nom: string }

/** One row of esi/devis/Index. */
export type DevisListItem = {
  id: number
  numero: string | null
  revision: number
  date_devis: string
  client_id: number
  client_nom: string
  objet: string
  commercial: CommercialOption | null
  total_ht: number
  total_ttc: number
  statut: DevisStatut
  valable_jusqu_au: string
  /** Sent and past its validity date: the page shows « expiré » next to the date. */
  validite_depassee: boolean
}

// ── Statistics ───────────────────────────────────────────────────────────────────────────────

export type DevisStatsParStatut = {
  statut: DevisStatut
  nombre: number
  total_ht: number
  total_ttc: number
}

export type DevisStatsMois = {
  /** "2026-03" */
  mois: string
  /** Devis dated in the month. */
  crees: number
  /** Devis sent in the month (Brussels time) and their amount HT. */
  envoyes: number
  montant_envoye_ht: number
  /** Devis accepted in the month (Brussels time) and their amount HT. */
  acceptes: number
  montant_accepte_ht: number
}

/** Outcome of the devis sent during the period. */
export type DevisStatsConversion = {
  envoyes: number
  acceptes: number
  refuses: number
  expires: number
  /** acceptés / (acceptés + refusés + expirés), null when none is decided. */
  taux_conversion: number | null
  /** acceptés / envoyés, null when none was sent. */
  taux_acceptation: number | null
  /** Mean of accepte_le − envoye_le in days, null when none was accepted. */
  delai_moyen_jours: number | null
  montant_accepte_ht: number
}

export type DevisStatsCommercial = DevisStatsConversion & {
  commercial_id: number | null
  nom: string
  /** Devis dated in the period. */
  crees: number
}

export type DevisStats = {
  du: string
  au: string
  commercial: string | null
  par_statut: DevisStatsParStatut[]
  par_mois: DevisStatsMois[]
  conversion: DevisStatsConversion
  par_commercial: DevisStatsCommercial[]
}

/** Longest period the statistics accept (months), so a typo cannot ask for 2 000 buckets. */
export const STATS_MAX_MONTHS = 60

export type StatsPreset = { key: string; label: string; du: string; au: string }

const pad = (n: number) => String(n).padStart(2, '0')
const ymd = (y: number, m: number, d: number) => {
  // Month overflow handled by Date (UTC, no time-zone shift on a calendar date)
  const date = new Date(Date.UTC(y, m - 1, d))
  return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`
}

/** The period presets of the stats form, from today's date ("2026-11-22", Brussels). */
export function statsPresets(today: string): StatsPreset[] {
  const [y, m] = today.split('-').map(Number)
  const q = Math.floor((m - 1) / 3) * 3 + 1
  return [
    { key: 'mois', label: 'Ce mois', du: ymd(y, m, 1), au: ymd(y, m + 1, 0) },
    { key: 'trimestre', label: 'Ce trimestre', du: ymd(y, q, 1), au: ymd(y, q + 3, 0) },
    { key: 'annee', label: 'Cette année', du: ymd(y, 1, 1), au: ymd(y, 12, 31) },
    { key: '12mois', label: '12 derniers mois', du: ymd(y, m - 11, 1), au: today },
  ]
}

/**
 * A date typed as dd/mm/yyyy (or d/m/yyyy, with / . or -) or yyyy-mm-dd → "yyyy-mm-dd", or
 * null when it is not a real calendar date (31/02, 2026-13-01…).
 */
export function parseDateInput(value: string): string | null {
  const text = value.trim()
  let y: number
  let m: number
  let d: number
  let match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text)
  if (match) [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])]
  else {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text)
    if (!match) return null
    ;[d, m, y] = [Number(match[1]), Number(match[2]), Number(match[3])]
  }
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1) return null
  const iso = ymd(y, m, d)
  return iso === `${y}-${pad(m)}-${pad(d)}` ? iso : null
}
