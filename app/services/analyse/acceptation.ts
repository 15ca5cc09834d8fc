/*
 * Acceptance of the devis (issue 14 §3, decision 513): the devis SENT in the period (envoye_le,
 * Brussels time), whatever they became later, by commercial and by apporteur (devis.apporteur_id:
 * the client's pro société copied on the devis, or the offre's).
 * - taux d’acceptation = acceptés / envoyés (as the devis statistics);
 * - délai = accepte_le − envoye_le in days, mean and median over the accepted ones.
 * Read from acceptation_mois and acceptation_jour (decisions 695 and 711, migrations 0880 and
 * 0887), kept by triggers on devis: counts, sums and a histogram of the delays in whole days per
 * (month or day, commercial, apporteur); the period's whole months from the months, its partial
 * first and last months from the days. A median is
 * the value(s) of its middle rank(s): the histogram says which tranche holds them, and only that
 * tranche's devis of the period are read, the same values percentile_cont(0.5) interpolated,
 * sorted as it sorted them: the total's from devis_acceptes_delai_idx (migration 0881), a
 * commercial's or an apporteur's from its own entries only (migration 0882, decision 699); a
 * group that holds every accepted devis of the period takes the total's (decision 712).
 */
import { analyseQuery } from '#services/analyse/reads'
import type { CsvExport } from '#services/csv'
import { centsToInput } from '#shared/money'
import type { Acceptation, AcceptationLigne } from '#shared/analyse'
import {
  FROM_SQL,
  UNTIL_SQL,
  exportFilename,
  num,
  numOrNull,
  oneBatch,
  rateCell,
  decimalCell,
  type AnalyseParams,
} from '#services/analyse/params'

// The delay in days as the analyse always computed it (and the index of migration 0881)
const DELAI = 'extract(epoch FROM d.accepte_le - d.envoye_le) / 86400'
// The columns of a key and its sums, in acceptation_mois and acceptation_jour alike
const CLE = 'commercial_id, apporteur_id, issue, tranche, echelle, n, ht, delai_somme'

/*
 * The median of the groups `groupes` of m: the middle value(s) of the tranche(s) t1..t2 of the
 * period's accepted devis of the group (`devis`). One branch per axis, so each reads only its
 * group's entries: the total from devis_acceptes_delai_idx (migration 0881), a commercial's and
 * an apporteur's from the index keyed by coalesce(…, 0) first (migration 0882, decision 699).
 */
const median = (groupes: string, devis: string) => `
  SELECT m.gc, m.ga, m.commercial_id, m.apporteur_id,
    CASE WHEN cardinality(v.d) = 2 THEN v.d[1] + 0.5::float8 * (v.d[2] - v.d[1]) ELSE v.d[1] END
      AS delai_median
  FROM m CROSS JOIN LATERAL (
    SELECT array_agg((extract(epoch FROM x.ecart) / 86400)::float8 ORDER BY x.ecart) AS d FROM (
      SELECT d.accepte_le - d.envoye_le AS ecart
      FROM devis d
      WHERE d.statut = 'accepte' AND d.accepte_le IS NOT NULL
        AND floor(${DELAI}) BETWEEN m.t1 AND m.t2
        AND d.envoye_le >= ${FROM_SQL}
        AND d.envoye_le < ${UNTIL_SQL}
        AND ${devis}
      ORDER BY 1 OFFSET (m.total - 1) / 2 - m.avant1 LIMIT m.total / 2 - (m.total - 1) / 2 + 1
    ) x
  ) v
  WHERE ${groupes}`

/** The day after an ISO date (UTC arithmetic on a calendar date: no time zone involved). */
function nextDay(iso: string): string {
  const [y, m, d] = iso.split('-').map(Number)
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10)
}

/** The first day of the month after an ISO date's. */
function nextMonth(iso: string): string {
  const [y, m] = iso.split('-').map(Number)
  return new Date(Date.UTC(y, m, 1)).toISOString().slice(0, 10)
}

/**
 * The period [du, au] as its whole months [moisDu, moisAu) read from acceptation_mois, and the
 * days before (du ≤ jour < moisDu) and after (moisAu ≤ jour ≤ au) read from acceptation_jour.
 * Without a whole month, no month and every day: [du, du) then [du, au].
 */
export function periodeEnMois(du: string, au: string) {
  const moisDu = du.endsWith('-01') ? du : nextMonth(du)
  const moisAu = nextDay(au).endsWith('-01') ? nextDay(au) : `${au.slice(0, 7)}-01`
  if (moisDu >= moisAu) return { moisDu: du, moisAu: du, avantAu: du, apresDu: du }
  return { moisDu, moisAu, avantAu: moisDu, apresDu: moisAu }
}

// How many accepted devis with accepte_le the period holds (the total group's histogram)
const TOTAL = '(SELECT mt.total FROM m mt WHERE mt.gc = 1 AND mt.ga = 1)'

function ligne(r: any, id: number | null, nom: string): AcceptationLigne {
  const envoyes = num(r?.envoyes)
  const acceptes = num(r?.acceptes)
  return {
    id,
    nom,
    envoyes,
    acceptes,
    refuses: num(r?.refuses),
    taux_acceptation: envoyes > 0 ? acceptes / envoyes : null,
    delai_moyen_jours: numOrNull(r?.delai_moyen),
    delai_median_jours: numOrNull(r?.delai_median),
    montant_accepte_ht: num(r?.montant),
  }
}

export async function acceptation(params: AnalyseParams): Promise<Acceptation> {
  return acceptationOf(params, await acceptationRows(params))
}

/** The statement's rows: one per commercial (gc 0), per apporteur (ga 0), and the total. */
export async function acceptationRows(params: AnalyseParams): Promise<any[]> {
  const { sql, bindings } = acceptationStatement(params)
  const result = await analyseQuery(sql, bindings)
  return result.rows
}

/** The statement and its bindings (a test EXPLAINs it: each median branch reads its index). */
export function acceptationStatement(params: AnalyseParams) {
  const periode = [params.du, params.au]
  const p = periodeEnMois(params.du, params.au)
  return {
    // a: the live keys of the period. Grouped by echelle too, so a sum's numeric scale is the
    // largest of its devis' delays, as in avg() (a devis gone from a key leaves its scale there)
    // Its whole months from acceptation_mois, the days of its partial months from acceptation_jour
    // (decision 711): the same sums per key, to the digit
    sql: `WITH a AS MATERIALIZED (
      SELECT commercial_id, apporteur_id, issue, tranche, echelle,
        sum(n)::bigint AS n, sum(ht) AS ht, sum(delai_somme) AS ds
      FROM (
        SELECT ${CLE} FROM acceptation_mois WHERE mois >= ?::date AND mois < ?::date
        UNION ALL SELECT ${CLE} FROM acceptation_jour WHERE jour >= ?::date AND jour < ?::date
        UNION ALL SELECT ${CLE} FROM acceptation_jour WHERE jour >= ?::date AND jour <= ?::date
      ) x
      GROUP BY commercial_id, apporteur_id, issue, tranche, echelle
      HAVING sum(n) <> 0
    ),
    g AS (
      SELECT grouping(commercial_id) AS gc, grouping(apporteur_id) AS ga, commercial_id, apporteur_id,
        sum(n) AS envoyes,
        coalesce(sum(n) FILTER (WHERE issue = 'a'), 0) AS acceptes,
        coalesce(sum(n) FILTER (WHERE issue = 'r'), 0) AS refuses,
        sum(ds) FILTER (WHERE tranche IS NOT NULL)
          / sum(n) FILTER (WHERE tranche IS NOT NULL) AS delai_moyen,
        coalesce(sum(ht) FILTER (WHERE issue = 'a'), 0) AS montant
      FROM a
      GROUP BY GROUPING SETS ((commercial_id), (apporteur_id), ())
    ),
    h AS (
      SELECT grouping(commercial_id) AS gc, grouping(apporteur_id) AS ga, commercial_id, apporteur_id,
        tranche, sum(n)::bigint AS n
      FROM a WHERE tranche IS NOT NULL
      GROUP BY GROUPING SETS ((commercial_id, tranche), (apporteur_id, tranche), (tranche))
    ),
    c AS (
      SELECT h.*,
        (sum(n) OVER w - n)::bigint AS avant,
        (sum(n) OVER (PARTITION BY gc, ga, commercial_id, apporteur_id))::bigint AS total
      FROM h WINDOW w AS (PARTITION BY gc, ga, commercial_id, apporteur_id ORDER BY tranche)
    ),
    m AS (
      SELECT gc, ga, commercial_id, apporteur_id, total,
        min(tranche) FILTER (WHERE (total - 1) / 2 < avant + n) AS t1,
        min(avant) FILTER (WHERE (total - 1) / 2 < avant + n) AS avant1,
        min(tranche) FILTER (WHERE total / 2 < avant + n) AS t2
      FROM c GROUP BY gc, ga, commercial_id, apporteur_id, total
    ),
    t AS MATERIALIZED (${median('m.gc = 1 AND m.ga = 1', 'true')}),
    -- A group holding as many accepted devis as the total holds the same ones: the total's
    -- median, not read again (decision 712)
    med AS (
      SELECT * FROM t
      UNION ALL SELECT m.gc, m.ga, m.commercial_id, m.apporteur_id, t.delai_median
        FROM m CROSS JOIN t WHERE m.gc + m.ga = 1 AND m.total = ${TOTAL}
      UNION ALL ${median(`m.gc = 0 AND m.total < ${TOTAL}`, 'coalesce(d.commercial_id, 0) = coalesce(m.commercial_id, 0)')}
      UNION ALL ${median(`m.ga = 0 AND m.total < ${TOTAL}`, 'coalesce(d.apporteur_id, 0) = coalesce(m.apporteur_id, 0)')}
    )
    SELECT g.*, med.delai_median, u.name AS commercial_nom, s.nom AS apporteur_nom
    FROM g
      LEFT JOIN med ON med.gc = g.gc AND med.ga = g.ga
        AND med.commercial_id IS NOT DISTINCT FROM g.commercial_id
        AND med.apporteur_id IS NOT DISTINCT FROM g.apporteur_id
      LEFT JOIN users u ON g.ga = 1 AND g.gc = 0 AND u.id = g.commercial_id
      LEFT JOIN societes s ON g.gc = 1 AND g.ga = 0 AND s.id = g.apporteur_id`,
    // the months and days for a, then the period for each of the three median branches
    bindings: [
      ...[p.moisDu, p.moisAu, params.du, p.avantAu, p.apresDu, params.au],
      ...periode,
      ...periode,
      ...periode,
    ],
  }
}

/** The page's figures from the statement's rows (names, rates, « Sans … » rows, order). */
export function acceptationOf(params: AnalyseParams, rows: any[]): Acceptation {
  // Two of the same name by id: the rows come in no set order
  const byName = (a: AcceptationLigne, b: AcceptationLigne) =>
    Number(a.id === null) - Number(b.id === null) ||
    a.nom.localeCompare(b.nom, 'fr') ||
    (a.id ?? 0) - (b.id ?? 0)
  const parCommercial = rows
    .filter((r) => r.gc === 0)
    .map((r) => {
      const id = r.commercial_id === null ? null : num(r.commercial_id)
      return ligne(
        r,
        id,
        id === null ? 'Sans commercial' : (r.commercial_nom ?? `Utilisateur ${id}`)
      )
    })
    .sort(byName)
  const parApporteur = rows
    .filter((r) => r.ga === 0)
    .map((r) => {
      const id = r.apporteur_id === null ? null : num(r.apporteur_id)
      return ligne(r, id, id === null ? 'Sans apporteur' : (r.apporteur_nom ?? `Société ${id}`))
    })
    .sort(byName)
  const total = rows.find((r) => r.gc === 1 && r.ga === 1)
  return {
    du: params.du,
    au: params.au,
    total: ligne(total, null, 'Total'),
    par_commercial: parCommercial,
    par_apporteur: parApporteur,
  }
}

export async function exportAcceptation(params: AnalyseParams): Promise<CsvExport> {
  const a = await acceptation(params)
  const cells = (kind: string, l: AcceptationLigne) => [
    kind,
    l.nom,
    l.envoyes,
    l.acceptes,
    l.refuses,
    rateCell(l.taux_acceptation),
    decimalCell(l.delai_moyen_jours),
    decimalCell(l.delai_median_jours),
    centsToInput(l.montant_accepte_ht),
  ]
  return {
    filename: exportFilename('acceptation', a.du, a.au),
    header: [
      'Regroupement',
      'Nom',
      'Envoyés',
      'Acceptés',
      'Refusés',
      'Taux d’acceptation',
      'Délai moyen (jours)',
      'Délai médian (jours)',
      'Montant accepté HT',
    ],
    batches: oneBatch([
      ...a.par_commercial.map((l) => cells('Commercial', l)),
      ...a.par_apporteur.map((l) => cells('Apporteur', l)),
      cells('Total', a.total),
    ]),
  }
}
