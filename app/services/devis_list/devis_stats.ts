/*
 * Devis statistics for a period (/esi/devis/stats): one statement over the per-day aggregates
 * the database keeps (devis_stats_jour, decision 556), every figure computed by PostgreSQL.
 * - by statut: the devis DATED in the period (date_devis);
 * - by month: dated / sent / accepted in the month, sent and accepted taken in Brussels time;
 * - conversion, delay and per commercial: the devis SENT in the period (envoye_le), whatever
 *   they became later: acceptés / (acceptés + refusés + expirés), acceptés / envoyés, and the
 *   mean of accepte_le − envoye_le in days.
 */
import db from '@adonisjs/lucid/services/db'
import { foldAnalyseEcritures } from '#services/analyse/ecritures'
import { refreshKeptBuckets } from '#services/creances/creance_buckets'
import { keepSearchOrder } from '#services/creances/creance_search_order'
import { DateTime } from 'luxon'
import { DEVIS_STATUTS, type DevisStatut } from '#shared/devis'
import { addDays, addMonths, todayIso } from '#shared/dates'
import {
  NO_COMMERCIAL,
  STATS_MAX_MONTHS,
  parseDateInput,
  type DevisStats,
  type DevisStatsCommercial,
  type DevisStatsConversion,
} from '#shared/devis_list'
import { filterParsers } from '#services/list/list_params'

export type StatsParams = {
  du: string
  au: string
  /** A user id, NO_COMMERCIAL, or null for everybody. */
  commercial: string | null
  warnings: string[]
}

const text = (value: unknown): string | null => (typeof value === 'string' ? value : null)
const clip = (value: string) => (value.length > 40 ? `${value.slice(0, 40)}…` : value)

/**
 * Default period: the last 12 months (the 1st of the month 11 months ago → today, Brussels).
 * Calendar arithmetic on the ISO text: luxon's zone conversion and month diff were 7 % of an
 * analyse visit's busy CPU (decision 810).
 */
export function defaultPeriod(today = todayIso()) {
  return { du: `${addMonths(today, -11).slice(0, 7)}-01`, au: today }
}

/** ?du=&au=&commercial= read and checked; what does not fit is replaced, with a warning. */
export function parseStatsParams(qs: Record<string, unknown>): StatsParams {
  const warnings: string[] = []
  // Computed only when a bound is missing or wrong: luxon's zone conversion was ~0.3 ms a visit
  let period: ReturnType<typeof defaultPeriod> | undefined
  const fallback = (name: 'du' | 'au') => (period ??= defaultPeriod())[name]
  const read = (name: 'du' | 'au', label: string) => {
    const raw = qs[name]
    if (raw === undefined || raw === '') return fallback(name)
    const value = text(raw)
    const parsed = value === null ? null : parseDateInput(value)
    if (!parsed) {
      warnings.push(
        `Date « ${label} » ${value === null ? 'invalide' : `« ${clip(value)} » invalide`} : ${
          name === 'du' ? 'début' : 'fin'
        } par défaut utilisé${name === 'du' ? '' : 'e'}.`
      )
      return fallback(name)
    }
    return parsed
  }
  let du = read('du', 'du')
  let au = read('au', 'au')
  if (du > au) {
    ;[du, au] = [au, du]
    warnings.push('La date de début était après la date de fin : elles ont été inversées.')
  }
  // At least STATS_MAX_MONTHS whole months from du to au (luxon's diff ≥ 60 months)
  const limit = addMonths(du, STATS_MAX_MONTHS)
  if (limit <= au) {
    au = addDays(limit, -1)
    warnings.push(`Période limitée à ${STATS_MAX_MONTHS} mois : fin ramenée au ${fr(au)}.`)
  }

  let commercial: string | null = null
  const rawCommercial = qs.commercial
  if (rawCommercial !== undefined && rawCommercial !== '') {
    const value = text(rawCommercial)
    commercial =
      value === NO_COMMERCIAL ? NO_COMMERCIAL : value === null ? null : filterParsers.id(value)
    if (commercial === null) {
      warnings.push(`Commercial « ${clip(String(value ?? ''))} » ignoré.`)
    }
  }
  return { du, au, commercial, warnings }
}

const fr = (iso: string) => iso.split('-').reverse().join('/')

/** SQL condition and bindings of the commercial filter (trusted text, bound values). */
function commercialCondition(commercial: string | null): [string, unknown[]] {
  if (commercial === null) return ['TRUE', []]
  if (commercial === NO_COMMERCIAL) return ['s.commercial_id IS NULL', []]
  return ['s.commercial_id = ?', [Number(commercial)]]
}

const n = (value: unknown) => Number(value ?? 0)
const ratio = (num: number, den: number) => (den > 0 ? num / den : null)

function conversionOf(row: {
  envoyes: number
  acceptes: number
  refuses: number
  expires: number
  delai_somme: number
  delai_n: number
  montant_accepte_ht: number
}): DevisStatsConversion {
  return {
    envoyes: row.envoyes,
    acceptes: row.acceptes,
    refuses: row.refuses,
    expires: row.expires,
    taux_conversion: ratio(row.acceptes, row.acceptes + row.refuses + row.expires),
    taux_acceptation: ratio(row.acceptes, row.envoyes),
    delai_moyen_jours: row.delai_n > 0 ? row.delai_somme / row.delai_n : null,
    montant_accepte_ht: row.montant_accepte_ht,
  }
}

/** The months of the period ("2026-03-01"…), the first one holding `du`. */
function monthsOf(du: string, au: string): string[] {
  const months: string[] = []
  for (
    let m = DateTime.fromISO(du).startOf('month');
    m <= DateTime.fromISO(au);
    m = m.plus({ months: 1 })
  ) {
    months.push(m.toISODate()!)
  }
  return months
}

/**
 * The figures, read from devis_stats_jour (migration 0865, decision 556): what every devis
 * contributes per Brussels day, commercial and statut on three axes — 'c' dated, 'e' sent,
 * 'a' accepted — kept by the database in the writing transaction. One statement sums the days of
 * the period (a few thousand rows, whatever the number of devis) into the same aggregates the
 * scan of the devis gave: tests/functional/devis/devis_stats_aggregate.spec.ts compares both
 * after random writes.
 */
export async function devisStats(params: StatsParams): Promise<DevisStats> {
  const { du, au } = params
  const [where, whereBindings] = commercialCondition(params.commercial)
  // A day's month is found by a binary search in the months' starts (width_bucket)
  const months = monthsOf(du, au)

  const result = await db.rawQuery(
    `WITH b AS MATERIALIZED (
       SELECT s.axe, width_bucket(s.jour, ?::date[]) AS mois, s.commercial_id, s.statut,
         sum(s.n) AS n, sum(s.ht) AS ht, sum(s.ttc) AS ttc,
         sum(s.delai_somme) AS delai_somme, sum(s.delai_n) AS delai_n
       FROM devis_stats_jour s
       WHERE s.jour BETWEEN ?::date AND ?::date AND ${where}
       GROUP BY 1, 2, 3, 4
     ),
     months AS (SELECT generate_series(1, ?::int) AS mois),
     mc AS (SELECT mois, sum(n) AS n FROM b WHERE axe = 'c' GROUP BY 1),
     me AS (SELECT mois, sum(n) AS n, sum(ht) AS ht FROM b WHERE axe = 'e' GROUP BY 1),
     ma AS (
       SELECT mois, sum(n) AS n, sum(ht) AS ht FROM b
       WHERE axe = 'a' AND statut = 'accepte' GROUP BY 1
     ),
     sc AS (
       SELECT b.commercial_id,
         coalesce(sum(n) FILTER (WHERE axe = 'c'), 0) AS crees,
         coalesce(sum(n) FILTER (WHERE axe = 'e'), 0) AS envoyes,
         coalesce(sum(n) FILTER (WHERE axe = 'e' AND statut = 'accepte'), 0) AS acceptes,
         coalesce(sum(n) FILTER (WHERE axe = 'e' AND statut = 'refuse'), 0) AS refuses,
         coalesce(sum(n) FILTER (WHERE axe = 'e' AND statut = 'expire'), 0) AS expires,
         coalesce(sum(ht) FILTER (WHERE axe = 'e' AND statut = 'accepte'), 0)
           AS montant_accepte_ht,
         coalesce(sum(delai_somme) FILTER (WHERE axe = 'e' AND statut = 'accepte'), 0)
           AS delai_somme,
         coalesce(sum(delai_n) FILTER (WHERE axe = 'e' AND statut = 'accepte'), 0) AS delai_n
       FROM b
       GROUP BY b.commercial_id
       HAVING coalesce(sum(n) FILTER (WHERE axe IN ('c', 'e')), 0) > 0
     )
     SELECT
       (SELECT coalesce(json_agg(s), '[]') FROM (
          SELECT statut, sum(n) AS nombre, sum(ht) AS total_ht, sum(ttc) AS total_ttc
          FROM b WHERE axe = 'c' GROUP BY statut HAVING sum(n) <> 0
        ) s) AS par_statut,
       (SELECT json_agg(json_build_object(
            'mois', m.mois,
            'crees', coalesce(mc.n, 0),
            'envoyes', coalesce(me.n, 0),
            'montant_envoye_ht', coalesce(me.ht, 0),
            'acceptes', coalesce(ma.n, 0),
            'montant_accepte_ht', coalesce(ma.ht, 0)
          ) ORDER BY m.mois)
        FROM months m
          LEFT JOIN mc ON mc.mois = m.mois
          LEFT JOIN me ON me.mois = m.mois
          LEFT JOIN ma ON ma.mois = m.mois) AS par_mois,
       (SELECT coalesce(json_agg(c ORDER BY c.nom IS NULL, c.nom), '[]') FROM (
          SELECT sc.*, u.name AS nom FROM sc LEFT JOIN users u ON u.id = sc.commercial_id
        ) c) AS par_commercial`,
    [months, du, au, ...whereBindings, months.length]
  )
  const row = result.rows[0]

  const statuts = new Map<string, any>(row.par_statut.map((r: any) => [r.statut, r]))
  const totals = {
    envoyes: 0,
    acceptes: 0,
    refuses: 0,
    expires: 0,
    delai_somme: 0,
    delai_n: 0,
    montant_accepte_ht: 0,
  }
  const parCommercial: DevisStatsCommercial[] = row.par_commercial.map((r: any) => {
    const counts = {
      envoyes: n(r.envoyes),
      acceptes: n(r.acceptes),
      refuses: n(r.refuses),
      expires: n(r.expires),
      delai_somme: n(r.delai_somme),
      delai_n: n(r.delai_n),
      montant_accepte_ht: n(r.montant_accepte_ht),
    }
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += counts[key]
    return {
      commercial_id: r.commercial_id === null ? null : n(r.commercial_id),
      nom:
        r.commercial_id === null ? 'Sans commercial' : (r.nom ?? `Utilisateur ${r.commercial_id}`),
      crees: n(r.crees),
      ...conversionOf(counts),
    }
  })

  return {
    du,
    au,
    commercial: params.commercial,
    par_statut: DEVIS_STATUTS.map((statut: DevisStatut) => ({
      statut,
      nombre: n(statuts.get(statut)?.nombre),
      total_ht: n(statuts.get(statut)?.total_ht),
      total_ttc: n(statuts.get(statut)?.total_ttc),
    })),
    par_mois: (row.par_mois ?? []).map((r: any) => ({
      mois: months[r.mois - 1].slice(0, 7),
      crees: n(r.crees),
      envoyes: n(r.envoyes),
      montant_envoye_ht: n(r.montant_envoye_ht),
      acceptes: n(r.acceptes),
      montant_accepte_ht: n(r.montant_accepte_ht),
    })),
    conversion: conversionOf(totals),
    par_commercial: parCommercial,
  }
}

/**
 * Folds the pre-aggregates' deltas (the devis statistics', the créances totals', the dashboards',
 * the turnover analyse's, the occupation's, the acceptance's and the rentabilité's: decisions
 * 556, 560, 640, 642, 650, 652, 690, 695) to one row per key (the figures do not change), and
 * sums again the créances' buckets that ended (decision 829), then puts the créances search's
 * table back in the order of the names when it drifted (decision 832): the nightly pass
 * (start/stats.ts). Writers go on meanwhile, except during that reordering (a few seconds at
 * 100 000 clients); two compactions wait for each other.
 */
// The tables the statement triggers fill with deltas (decisions 556, 560, 263, 640, 642, 650, 652,
// 690, 695, 711, 721)
const AGGREGATE_TABLES = [
  'analyse_ecritures',
  'devis_stats_jour',
  'client_soldes_jour',
  'creance_echeances',
  'bdcs_signes_jour',
  'factures_emises_jour',
  'apporteur_clients',
  'analyse_ca_jour',
  'occupation_jour',
  'acceptation_jour',
  'acceptation_mois',
  'rentabilite_commandes',
  'rentabilite_produits',
  'offres_cohorte_jour',
  'commandes_acomptes',
  // Not a table of deltas: the pass rewrites the rows whose kept buckets ended (decision 829)
  'client_soldes_recherche',
]

/** `vacuum: false` inside a transaction (the tests'): VACUUM cannot run in one. */
export async function compactStats({ vacuum = true }: { vacuum?: boolean } = {}): Promise<void> {
  await db.rawQuery('SELECT devis_stats_compact()')
  await db.rawQuery('SELECT client_soldes_jour_compact()')
  await db.rawQuery('SELECT dashboard_jour_compact()')
  await db.rawQuery('SELECT apporteur_clients_compact()')
  await db.rawQuery('SELECT analyse_ca_compact()')
  await db.rawQuery('SELECT occupation_jour_compact()')
  await db.rawQuery('SELECT acceptation_jour_compact()')
  await db.rawQuery('SELECT rentabilite_compact()')
  await refreshKeptBuckets(todayIso())
  // Last: the compactions above are writes too (decision 817)
  await foldAnalyseEcritures()
  // Compaction leaves every former row dead: without this, a database whose autovacuum is late
  // or off reads them all on each visit (devis_stats_jour was 500 pages for 4 000 live rows)
  if (!vacuum) return
  await db.rawQuery(`VACUUM (ANALYZE) ${AGGREGATE_TABLES.join(', ')}`)
  // After the ANALYZE: the créances search's rows back in the order of the names (decision 832)
  await keepSearchOrder()
}
