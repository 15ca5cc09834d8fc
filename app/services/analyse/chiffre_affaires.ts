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
  exportFilename,
  monthsOf,
  num,
  oneBatch,
  type AnalyseParams,
} from '#services/analyse/params'

/**
 * The period's months and families from the per-day pre-aggregate analyse_ca_jour (migration
 * 0875, decision 650), kept by the documents', lines' and products' triggers in the writing
 * transaction: a few thousand rows instead of the period's documents and their lines. A famille
 * is stored as the product's trimmed category ('' none, NULL no product); the labels are
 * grouped here, so a category spelled like a label joins its row as before.
 */
export async function chiffreAffaires(params: AnalyseParams): Promise<ChiffreAffaires> {
  const source = params.source === 'bdc' ? 'b' : 'f'
  const result = await analyseQuery(
    `SELECT
       (SELECT coalesce(json_agg(m), '[]') FROM (
          SELECT to_char(jour, 'YYYY-MM') AS mois, sum(nombre) AS nombre, sum(brut) AS brut,
            sum(deduit) AS deduit
          FROM analyse_ca_jour
          WHERE source = ? AND NOT ligne AND jour BETWEEN ?::date AND ?::date
          GROUP BY 1
        ) m) AS par_mois,
       (SELECT coalesce(json_agg(f), '[]') FROM (
          SELECT CASE WHEN famille IS NULL THEN ? WHEN famille = '' THEN ? ELSE famille END
              AS famille,
            sum(ht) AS ht
          FROM analyse_ca_jour
          WHERE source = ? AND ligne AND jour BETWEEN ?::date AND ?::date
          GROUP BY 1 HAVING sum(lignes) > 0
        ) f) AS par_famille`,
    [source, params.du, params.au, SANS_PRODUIT, SANS_FAMILLE, source, params.du, params.au]
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
