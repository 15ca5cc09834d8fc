/*
 * Devis statistics for a period (/esi/devis/stats): one statement, one scan of the devis
 * concerned, every figure computed by PostgreSQL.
 * - by statut: the devis DATED in the period (date_devis);
 * - by month: dated / sent / accepted in the month, sent and accepted taken in Brussels time;
 * - conversion, delay and per commercial: the devis SENT in the period (envoye_le), whatever
 *   they became later: acceptés / (acceptés + refusés + expirés), acceptés / envoyés, and the
 *   mean of accepte_le − envoye_le in days.
 */
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { DEVIS_STATUTS, type DevisStatut } from '#shared/devis'
import { TIME_ZONE } from '#shared/app'
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

/** Default period: the last 12 months (the 1st of the month 11 months ago → today). */
export function defaultPeriod(now = DateTime.now().setZone(TIME_ZONE)) {
  return {
    du: now.minus({ months: 11 }).startOf('month').toISODate()!,
    au: now.toISODate()!,
  }
}

/** ?du=&au=&commercial= read and checked; what does not fit is replaced, with a warning. */
export function parseStatsParams(qs: Record<string, unknown>): StatsParams {
  const warnings: string[] = []
  const period = defaultPeriod()
  const read = (name: 'du' | 'au', label: string) => {
    const raw = qs[name]
    if (raw === undefined || raw === '') return period[name]
    const value = text(raw)
    const parsed = value === null ? null : parseDateInput(value)
    if (!parsed) {
      warnings.push(
        `Date « ${label} » ${value === null ? 'invalide' : `« ${clip(value)} » invalide`} : ${
          name === 'du' ? 'début' : 'fin'
        } par défaut utilisé${name === 'du' ? '' : 'e'}.`
      )
      return period[name]
    }
    return parsed
  }
  let du = read('du', 'du')
  let au = read('au', 'au')
  if (du > au) {
    ;[du, au] = [au, du]
    warnings.push('La date de début était après la date de fin : elles ont été inversées.')
  }
  const start = DateTime.fromISO(du)
  if (DateTime.fromISO(au).diff(start, 'months').months >= STATS_MAX_MONTHS) {
    au = start.plus({ months: STATS_MAX_MONTHS }).minus({ days: 1 }).toISODate()!
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
  if (commercial === NO_COMMERCIAL) return ['d.commercial_id IS NULL', []]
  return ['d.commercial_id = ?', [Number(commercial)]]
}

// A calendar day in Brussels as the instants it spans: [du 00:00, au + 1 day 00:00)
const FROM = `(?::date)::timestamp AT TIME ZONE '${TIME_ZONE}'`
const UNTIL = `((?::date) + 1)::timestamp AT TIME ZONE '${TIME_ZONE}'`

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

export async function devisStats(params: StatsParams): Promise<DevisStats> {
  const { du, au } = params
  const [where, whereBindings] = commercialCondition(params.commercial)
  const sentIn = `d.envoye_le >= ${FROM} AND d.envoye_le < ${UNTIL}`
  const acceptedIn = `d.accepte_le >= ${FROM} AND d.accepte_le < ${UNTIL}`

  // The months of the period ("2026-03-01"…): a row's month is found by a binary search in
  // their starts (width_bucket), not by converting each timestamp to Brussels time
  const months: string[] = []
  for (
    let m = DateTime.fromISO(du).startOf('month');
    m <= DateTime.fromISO(au);
    m = m.plus({ months: 1 })
  ) {
    months.push(m.toISODate()!)
  }

  // One pass over the devis concerned (dated, sent or accepted in the period), kept in memory,
  // then the three aggregates of it as JSON: a single statement, a single scan of the table
  const result = await db.rawQuery(
    `WITH t AS (
       SELECT ?::date[] AS dates,
         ARRAY(SELECT x::timestamp AT TIME ZONE '${TIME_ZONE}' FROM unnest(?::date[]) AS x
           ORDER BY x) AS instants
     ),
     b AS MATERIALIZED (
       SELECT d.statut, d.commercial_id, d.total_ht, d.total_ttc,
         (d.date_devis BETWEEN ?::date AND ?::date) AS dated_in,
         coalesce(${sentIn}, false) AS sent_in,
         coalesce(d.statut = 'accepte' AND ${acceptedIn}, false) AS acc_in,
         width_bucket(d.date_devis, t.dates) AS m_cree,
         width_bucket(d.envoye_le, t.instants) AS m_env,
         width_bucket(d.accepte_le, t.instants) AS m_acc,
         extract(epoch FROM d.accepte_le - d.envoye_le) / 86400 AS delai
       FROM devis d, t
       WHERE ((d.date_devis BETWEEN ?::date AND ?::date) OR (${sentIn}) OR (${acceptedIn}))
         AND ${where}
     ),
     months AS (SELECT generate_series(1, cardinality(t.dates)) AS mois FROM t),
     mc AS (SELECT m_cree AS mois, count(*) AS n FROM b WHERE dated_in GROUP BY 1),
     me AS (SELECT m_env AS mois, count(*) AS n, sum(total_ht) AS ht FROM b WHERE sent_in GROUP BY 1),
     ma AS (SELECT m_acc AS mois, count(*) AS n, sum(total_ht) AS ht FROM b WHERE acc_in GROUP BY 1),
     sc AS (
       SELECT b.commercial_id,
         count(*) FILTER (WHERE dated_in) AS crees,
         count(*) FILTER (WHERE sent_in) AS envoyes,
         count(*) FILTER (WHERE sent_in AND statut = 'accepte') AS acceptes,
         count(*) FILTER (WHERE sent_in AND statut = 'refuse') AS refuses,
         count(*) FILTER (WHERE sent_in AND statut = 'expire') AS expires,
         coalesce(sum(total_ht) FILTER (WHERE sent_in AND statut = 'accepte'), 0)
           AS montant_accepte_ht,
         coalesce(sum(delai) FILTER (WHERE sent_in AND statut = 'accepte' AND delai IS NOT NULL), 0)
           AS delai_somme,
         count(delai) FILTER (WHERE sent_in AND statut = 'accepte') AS delai_n
       FROM b
       GROUP BY b.commercial_id
       HAVING count(*) FILTER (WHERE dated_in OR sent_in) > 0
     )
     SELECT
       (SELECT coalesce(json_agg(s), '[]') FROM (
          SELECT statut, count(*) AS nombre, sum(total_ht) AS total_ht, sum(total_ttc) AS total_ttc
          FROM b WHERE dated_in GROUP BY statut
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
    [months, months, du, au, du, au, du, au, du, au, du, au, du, au, ...whereBindings]
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
