/*
 * Rentabilité (issue 14 §3, decision 512): the margin of the commandes whose bon de commande was
 * signed in the period (cancelled commandes left out), per commande and per product.
 * - sale: each product line of the bdc, its HT after the bdc's global discount (rounded per line);
 * - cost: quantity × the product's purchase price (produits.prix_achat, today's price: the
 *   catalogue keeps no history);
 * - a line without product, or whose product has no purchase price, has an unknown cost: its sale
 *   is shown apart (« coût inconnu ») and left out of the margin and its rate, never counted as
 *   100 % margin. A purchase price of 0 is a known cost of 0.
 */
import { analyseQuery } from '#services/analyse/reads'
import { DateTime } from 'luxon'
import type { CsvExport } from '#services/csv'
import { centsToInput } from '#shared/money'
import { NO_COMMERCIAL } from '#shared/devis_list'
import { TIME_ZONE } from '#shared/app'
import {
  ANALYSE_TABLE_MAX,
  SANS_FAMILLE,
  SANS_PRODUIT,
  tauxMarge,
  type MargeFigures,
  type Rentabilite,
} from '#shared/analyse'
import {
  FROM_SQL,
  UNTIL_SQL,
  exportFilename,
  num,
  oneBatch,
  rateCell,
  type AnalyseParams,
} from '#services/analyse/params'

function commercialCondition(commercial: string | null): [string, unknown[]] {
  if (commercial === null) return ['TRUE', []]
  if (commercial === NO_COMMERCIAL) return ['b.commercial_id IS NULL', []]
  return ['b.commercial_id = ?', [Number(commercial)]]
}

/** The lines of the period's commandes, one row each (a CTE body), and its bindings. */
function lignes(params: AnalyseParams): [string, unknown[]] {
  const [where, whereBindings] = commercialCondition(params.commercial)
  return [
    `SELECT c.id AS commande_id, c.numero, c.client_nom, b.signe_le, l.produit_id, l.quantite,
       round(l.total_ht * (1 - b.remise_globale_pct / 100)) AS vente,
       CASE WHEN p.prix_achat IS NULL THEN NULL
         ELSE round(coalesce(l.quantite, 0) * p.prix_achat) END AS cout
     FROM bdcs b
       JOIN commandes c ON c.bdc_id = b.id AND c.statut <> 'annulee'
       JOIN bdc_lignes l ON l.bdc_id = b.id AND l.type = 'produit' AND l.total_ht IS NOT NULL
       LEFT JOIN produits p ON p.id = l.produit_id
     WHERE b.statut = 'signe' AND b.signe_le >= ${FROM_SQL} AND b.signe_le < ${UNTIL_SQL}
       AND ${where}`,
    [params.du, params.au, ...whereBindings],
  ]
}

const FIGURES = `sum(vente) AS vente,
  coalesce(sum(vente) FILTER (WHERE cout IS NOT NULL), 0) AS vente_connue,
  coalesce(sum(cout), 0) AS cout,
  coalesce(sum(vente) FILTER (WHERE cout IS NULL), 0) AS inconnu`

function figures(r: any): MargeFigures {
  const venteConnue = num(r.vente_connue)
  const cout = num(r.cout)
  const known = venteConnue > 0 || cout > 0
  return {
    vente_ht: num(r.vente),
    vente_connue_ht: venteConnue,
    cout_ht: cout,
    marge_ht: known ? venteConnue - cout : null,
    taux_marge: tauxMarge(venteConnue, cout),
    inconnu_ht: num(r.inconnu),
  }
}

// Least profitable first: the rate, the commandes with an unknown cost last
const ORDER_COMMANDES = `(CASE WHEN sum(vente) FILTER (WHERE cout IS NOT NULL) > 0
  THEN (sum(vente) FILTER (WHERE cout IS NOT NULL) - coalesce(sum(cout), 0))::numeric
    / sum(vente) FILTER (WHERE cout IS NOT NULL) END) ASC NULLS LAST, numero`

/** limit null: every row (the export). */
export async function rentabilite(
  params: AnalyseParams,
  limit: number | null = ANALYSE_TABLE_MAX
): Promise<Rentabilite> {
  const [cte, bindings] = lignes(params)
  const lim = limit === null ? '' : `LIMIT ${Number(limit)}`
  const result = await analyseQuery(
    `WITH l AS MATERIALIZED (${cte})
     SELECT
       (SELECT row_to_json(t) FROM (SELECT ${FIGURES} FROM l) t) AS total,
       (SELECT count(DISTINCT commande_id) FROM l) AS commandes_total,
       (SELECT count(DISTINCT coalesce(produit_id, 0)) FROM l) AS produits_total,
       (SELECT coalesce(json_agg(c), '[]') FROM (
          SELECT commande_id, numero, client_nom, signe_le, ${FIGURES} FROM l
          GROUP BY commande_id, numero, client_nom, signe_le
          ORDER BY ${ORDER_COMMANDES} ${lim}
        ) c) AS commandes,
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT l.produit_id, p.reference, p.libelle, p.categorie,
            coalesce(sum(l.quantite), 0) AS quantite, ${FIGURES}
          FROM l LEFT JOIN produits p ON p.id = l.produit_id
          GROUP BY l.produit_id, p.reference, p.libelle, p.categorie
          ORDER BY sum(vente) DESC, p.reference NULLS LAST ${lim}
        ) x) AS produits`,
    bindings
  )
  const row = result.rows[0]
  return {
    du: params.du,
    au: params.au,
    total: figures(row.total ?? {}),
    commandes_total: num(row.commandes_total),
    produits_total: num(row.produits_total),
    commandes: (row.commandes as any[]).map((c) => ({
      ...figures(c),
      commande_id: num(c.commande_id),
      numero: String(c.numero),
      client_nom: String(c.client_nom),
      signe_le: DateTime.fromISO(String(c.signe_le)).setZone(TIME_ZONE).toISODate()!,
    })),
    produits: (row.produits as any[]).map((p) => ({
      ...figures(p),
      produit_id: p.produit_id === null ? null : num(p.produit_id),
      reference: p.reference ?? null,
      libelle: p.produit_id === null ? SANS_PRODUIT : String(p.libelle ?? ''),
      famille: p.produit_id === null ? '' : String(p.categorie || SANS_FAMILLE),
      quantite: num(p.quantite),
    })),
  }
}

const rate = (value: number | null) => rateCell(value, 'coût inconnu')
const money = (value: number | null) => (value === null ? 'coût inconnu' : centsToInput(value))

/** Every commande and every product of the period, in one file (a « Type » column). */
export async function exportRentabilite(params: AnalyseParams): Promise<CsvExport> {
  const r = await rentabilite(params, null)
  const cells = (f: MargeFigures) => [
    centsToInput(f.vente_ht),
    centsToInput(f.vente_connue_ht),
    f.marge_ht === null ? 'coût inconnu' : centsToInput(f.cout_ht),
    money(f.marge_ht),
    rate(f.taux_marge),
    centsToInput(f.inconnu_ht),
  ]
  const rows: unknown[][] = [
    ...r.commandes.map((c) => [
      'Commande',
      c.numero,
      c.client_nom,
      c.signe_le.split('-').reverse().join('/'),
      '',
      ...cells(c),
    ]),
    ...r.produits.map((p) => [
      'Produit',
      p.reference ?? '',
      p.libelle,
      p.famille,
      String(p.quantite).replace('.', ','),
      ...cells(p),
    ]),
    ['Total', '', '', '', '', ...cells(r.total)],
  ]
  return {
    filename: exportFilename('rentabilite', r.du, r.au),
    header: [
      'Type',
      'Numéro / référence',
      'Client / produit',
      'Signé le / famille',
      'Quantité',
      'Vente HT',
      'Vente à coût connu HT',
      'Coût d’achat HT',
      'Marge HT',
      'Taux de marge',
      'Vente à coût inconnu HT',
    ],
    batches: oneBatch(rows),
  }
}
