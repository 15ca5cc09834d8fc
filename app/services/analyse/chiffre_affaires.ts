/*
 * Chiffre d’affaires by month and by product family (issue 14 §3, decision 511).
 * - `factures`: HT of the factures issued in the period (numero set, by date_facture) minus HT of
 *   the notes de crédit issued in it (by date_nc) — the sales journal's total HT;
 * - `bdc`: HT of the bons de commande signed in the period (signe_le, Brussels time).
 * By family: each product line's HT (not the sous-totaux) after its document's global discount, by produits.categorie; a line
 * without product (acompte, deduction of an acompte on a solde, free line) is « hors catalogue ».
 * The families can differ from the total by a few cents of discount rounding (arrondi_ht).
 */
import { analyseQuery } from '#services/analyse/reads'
import type { CsvExport } from '#services/csv'
import { centsToInput } from '#shared/money'
import { CA_SOURCE_LABELS, SANS_FAMILLE, SANS_PRODUIT, type ChiffreAffaires } from '#shared/analyse'
import {
  FROM_SQL,
  UNTIL_SQL,
  exportFilename,
  monthsOf,
  num,
  oneBatch,
  type AnalyseParams,
} from '#services/analyse/params'

const FAMILLE = `CASE WHEN l.produit_id IS NULL OR p.id IS NULL THEN '${SANS_PRODUIT}'
  ELSE coalesce(nullif(btrim(p.categorie), ''), '${SANS_FAMILLE}') END`

/** The documents of the period (id, month, signed HT, global discount, kind) as SQL + bindings. */
function documents(params: AnalyseParams): [string, unknown[]] {
  const { du, au } = params
  if (params.source === 'bdc') {
    return [
      `SELECT b.id, 'b'::text AS k, 1 AS sign, b.total_ht AS ht, b.remise_globale_pct AS remise,
         to_char(b.signe_le AT TIME ZONE 'Europe/Brussels', 'YYYY-MM') AS mois
       FROM bdcs b
       WHERE b.statut = 'signe' AND b.signe_le >= ${FROM_SQL} AND b.signe_le < ${UNTIL_SQL}`,
      [du, au],
    ]
  }
  return [
    `SELECT f.id, 'f'::text AS k, 1 AS sign, f.total_ht AS ht, f.remise_globale_pct AS remise,
       to_char(f.date_facture, 'YYYY-MM') AS mois
     FROM factures f
     WHERE f.numero IS NOT NULL AND f.date_facture BETWEEN ?::date AND ?::date
     UNION ALL
     SELECT n.id, 'n'::text, -1, n.total_ht, n.remise_globale_pct, to_char(n.date_nc, 'YYYY-MM')
     FROM notes_credit n
     WHERE n.numero IS NOT NULL AND n.date_nc BETWEEN ?::date AND ?::date`,
    [du, au, du, au],
  ]
}

// The lines of the period's documents: only the tables of the source asked for
const LIGNES: Record<AnalyseParams['source'], string> = {
  bdc: `SELECT d.sign, d.remise, l.type, l.total_ht, l.produit_id
    FROM d JOIN bdc_lignes l ON l.bdc_id = d.id`,
  factures: `SELECT d.sign, d.remise, l.type, l.total_ht, l.produit_id
    FROM d JOIN facture_lignes l ON d.k = 'f' AND l.facture_id = d.id
    UNION ALL
    SELECT d.sign, d.remise, l.type, l.total_ht, l.produit_id
    FROM d JOIN note_credit_lignes l ON d.k = 'n' AND l.note_credit_id = d.id`,
}

export async function chiffreAffaires(params: AnalyseParams): Promise<ChiffreAffaires> {
  const [docs, bindings] = documents(params)
  const result = await analyseQuery(
    `WITH d AS MATERIALIZED (${docs}),
     lignes AS (${LIGNES[params.source]})
     SELECT
       (SELECT coalesce(json_agg(m), '[]') FROM (
          SELECT mois, count(*) AS nombre,
            coalesce(sum(ht) FILTER (WHERE sign > 0), 0) AS brut,
            coalesce(sum(ht) FILTER (WHERE sign < 0), 0) AS deduit
          FROM d GROUP BY mois
        ) m) AS par_mois,
       (SELECT coalesce(json_agg(f), '[]') FROM (
          SELECT famille, sum(ht) AS ht FROM (
            SELECT ${FAMILLE} AS famille,
              round(l.sign * l.total_ht * (1 - l.remise / 100)) AS ht
            FROM lignes l LEFT JOIN produits p ON p.id = l.produit_id
            WHERE l.type = 'produit' AND l.total_ht IS NOT NULL
          ) x GROUP BY famille
        ) f) AS par_famille`,
    bindings
  )
  const row = result.rows[0]
  const byMonth = new Map<string, any>(row.par_mois.map((m: any) => [m.mois, m]))
  const parMois = monthsOf(params.du, params.au).map((mois) => {
    const m = byMonth.get(mois)
    const brut = num(m?.brut)
    const deduit = num(m?.deduit)
    return { mois, nombre: num(m?.nombre), brut_ht: brut, deduit_ht: deduit, net_ht: brut - deduit }
  })
  const parFamille = (row.par_famille as any[])
    .map((f) => ({ famille: String(f.famille), ht: num(f.ht) }))
    .sort((a, b) => b.ht - a.ht || a.famille.localeCompare(b.famille, 'fr'))
  const total = parMois.reduce((s, m) => s + m.net_ht, 0)
  return {
    du: params.du,
    au: params.au,
    source: params.source,
    par_mois: parMois,
    par_famille: parFamille,
    total_ht: total,
    arrondi_ht: parFamille.reduce((s, f) => s + f.ht, 0) - total,
  }
}

/** The same figures as a file: the months, then the families, then the total. */
export async function exportChiffreAffaires(params: AnalyseParams): Promise<CsvExport> {
  const ca = await chiffreAffaires(params)
  const bdc = ca.source === 'bdc'
  const rows: unknown[][] = [
    ...ca.par_mois.map((m) => [
      'Mois',
      m.mois,
      m.nombre,
      centsToInput(m.brut_ht),
      bdc ? '' : centsToInput(m.deduit_ht),
      centsToInput(m.net_ht),
    ]),
    ...ca.par_famille.map((f) => ['Famille', f.famille, '', '', '', centsToInput(f.ht)]),
    ['Total', CA_SOURCE_LABELS[ca.source], '', '', '', centsToInput(ca.total_ht)],
  ]
  return {
    filename: exportFilename(`ca-${ca.source}`, ca.du, ca.au),
    header: [
      'Regroupement',
      'Libellé',
      bdc ? 'Bons de commande' : 'Pièces',
      bdc ? 'Signé HT' : 'Facturé HT',
      'Notes de crédit HT',
      'Chiffre d’affaires HT',
    ],
    batches: oneBatch(rows),
  }
}
