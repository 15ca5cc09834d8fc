/*
 * Rentabilité (issue 14 §3, decision 512): the margin of the commandes whose bon de commande was
 * signed in the period (cancelled commandes left out), per commande and per product.
 * - sale: each product line of the bdc, its HT after the bdc's global discount (rounded per line);
 * - cost: quantity × the product's purchase price (produits.prix_achat, today's price: the
 *   catalogue keeps no history);
 * - a line without product, or whose product has no purchase price, has an unknown cost: its sale
 *   is shown apart (« coût inconnu ») and left out of the margin and its rate, never counted as
 *   100 % margin. A purchase price of 0 is a known cost of 0.
 * Read from the per-commande and per-(bucket, product) sums the triggers keep (decisions 690–693).
 */
import { analyseQuery } from '#services/analyse/reads'
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
  if (commercial === NO_COMMERCIAL) return ['commercial_id IS NULL', []]
  return ['commercial_id = ?', [Number(commercial)]]
}

// The product rows' buckets longer than a day, longest first: kind and months
const SPANS = [
  ['a', 12],
  ['s', 6],
  ['t', 3],
  ['m', 1],
] as const

const pad = (n: number) => String(n).padStart(2, '0')

/** A calendar day as [year, month, day]; its ISO text; a comparable number. */
type Day = [number, number, number]
const dayOf = (iso: string) => iso.split('-').map(Number) as Day
const isoOf = ([y, m, d]: Day) => `${y}-${pad(m)}-${pad(d)}`
const rank = ([y, m, d]: Day) => y * 10_000 + m * 100 + d
/** The 1st of the month `months` after the month of `day`. */
const monthAfter = ([y, m]: Day, months: number): Day => {
  const index = y * 12 + (m - 1) + months
  return [Math.floor(index / 12), (index % 12) + 1, 1]
}

/**
 * The period as the product rows read it: the first days of the whole years, half-years,
 * quarters and months it holds (taken greedily from du), and the ranges [from, to) of the days
 * left (those of its partial months). A 12-month period reads about 5 buckets, not 365 days.
 * Calendar arithmetic on numbers (luxon's took about 5 % of the page's CPU, decision 718).
 */
export function periodBuckets(du: string, au: string) {
  const [ay, am, ad] = dayOf(au)
  const next = new Date(Date.UTC(ay, am - 1, ad + 1))
  const end: Day = [next.getUTCFullYear(), next.getUTCMonth() + 1, next.getUTCDate()]
  const endRank = rank(end)
  const buckets: Record<string, string[]> = { a: [], s: [], t: [], m: [] }
  const days: [string, string][] = []
  let cursor = dayOf(du)
  while (rank(cursor) < endRank) {
    const at = cursor
    const span =
      at[2] === 1
        ? SPANS.find(
            ([, months]) => (at[1] - 1) % months === 0 && rank(monthAfter(at, months)) <= endRank
          )
        : undefined
    if (span) {
      buckets[span[0]].push(isoOf(cursor))
      cursor = monthAfter(cursor, span[1])
    } else {
      const first = monthAfter(cursor, 1)
      const stop = rank(first) < endRank ? first : end
      days.push([isoOf(cursor), isoOf(stop)])
      cursor = stop
    }
  }
  return { buckets, days }
}

/** The product rows of the period (a UNION ALL of index-only scans) and its bindings. */
function produitRows(du: string, au: string, where: string, bindings: unknown[]) {
  const { buckets, days } = periodBuckets(du, au)
  const parts: [string, unknown[]][] = [
    ...Object.entries(buckets)
      .filter(([, jours]) => jours.length)
      .map(([kind, jours]): [string, unknown[]] => [
        `kind = '${kind}' AND jour = ANY(?::date[])`,
        [jours],
      ]),
    ...days.map(([from, to]): [string, unknown[]] => [
      `kind = 'j' AND jour >= ?::date AND jour < ?::date`,
      [from, to],
    ]),
  ]
  if (!parts.length) parts.push(['false', []])
  return [
    parts
      .map(
        ([cond]) =>
          `SELECT produit_id, lignes, quantite_milliemes, vente_connue, cout, inconnu
          FROM rentabilite_produits WHERE ${cond} AND ${where}`
      )
      .join(' UNION ALL '),
    parts.flatMap(([, b]) => [...b, ...bindings]),
  ] as const
}

/*
 * rentabilite_sum: a bigint sum that stays bigint (int8pl, an error on overflow), not sum()'s
 * numeric (migration 0888, decision 716): the cents and line counts of the product rows.
 */
const FIGURES = `rentabilite_sum(vente_connue) AS vente_connue, rentabilite_sum(cout) AS cout,
  rentabilite_sum(inconnu) AS inconnu`

/**
 * The period's commandes and products from the pre-aggregates kept by triggers (migrations
 * 0877–0879 and 0888, decisions 690 and 716): the same rows and order as the lines themselves
 * gave (decision 512, tests/functional/analyse/rentabilite_aggregate.spec.ts keeps that query as
 * the oracle).
 * - the commandes shown are read in the order of the stored rate (rentabilite_commandes.taux,
 *   its index), so the first `limit` need no sort of every commande of the period;
 * - the total is the products' (the same lines: a commande's figures are its lines', and so are
 *   a product's), so the commandes are only counted;
 * - the products are ranked by sale first (with ties) and only those are joined to produits for
 *   their descriptors and the tie-break on the reference.
 */
function query(params: AnalyseParams, limit: number | null): [string, unknown[]] {
  const [where, whereBindings] = commercialCondition(params.commercial)
  const [rows, rowBindings] = produitRows(params.du, params.au, where, whereBindings)
  const lim = limit === null ? '' : `LIMIT ${Number(limit)}`
  const first =
    limit === null ? '' : `ORDER BY vente DESC FETCH FIRST ${Number(limit)} ROWS WITH TIES`
  const commandes = `FROM rentabilite_commandes
    WHERE signe_le >= ${FROM_SQL} AND signe_le < ${UNTIL_SQL} AND ${where} AND lignes <> 0`
  const commandeBindings = [params.du, params.au, ...whereBindings]
  return [
    `WITH p AS MATERIALIZED (
       SELECT produit_id, rentabilite_sum(quantite_milliemes) AS quantite_milliemes, ${FIGURES}
       FROM (${rows}) r
       GROUP BY produit_id
       HAVING rentabilite_sum(lignes) <> 0
     )
     SELECT
       (SELECT row_to_json(t) FROM (
          SELECT sum(vente_connue + inconnu) AS vente, coalesce(sum(vente_connue), 0) AS vente_connue,
            coalesce(sum(cout), 0) AS cout, coalesce(sum(inconnu), 0) AS inconnu
          FROM p) t) AS total,
       (SELECT count(*) ${commandes}) AS commandes_total,
       (SELECT count(*) FROM p) AS produits_total,
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT commande_id, numero, client_nom,
            (signe_le AT TIME ZONE '${TIME_ZONE}')::date AS signe_le,
            vente_connue + inconnu AS vente, vente_connue, cout, inconnu
          ${commandes}
          ORDER BY taux ASC NULLS LAST, numero ${lim}
        ) x) AS commandes,
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT p.produit_id, pr.reference, pr.libelle, pr.categorie, p.quantite_milliemes,
            p.vente, p.vente_connue, p.cout, p.inconnu
          FROM (SELECT *, vente_connue + inconnu AS vente FROM p ${first}) p
            LEFT JOIN produits pr ON pr.id = p.produit_id
          ORDER BY p.vente DESC, pr.reference NULLS LAST ${lim}
        ) x) AS produits`,
    [...rowBindings, ...commandeBindings, ...commandeBindings],
  ]
}

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

/** The page's object from the statement's one row (total, counts, commandes, produits). */
export function rentabiliteOf(params: AnalyseParams, row: any): Rentabilite {
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
      // The Brussels day, from the statement (luxon's zone conversion cost 20 µs a row)
      signe_le: String(c.signe_le),
    })),
    produits: (row.produits as any[]).map((p) => ({
      ...figures(p),
      produit_id: p.produit_id === null ? null : num(p.produit_id),
      reference: p.reference ?? null,
      libelle: p.produit_id === null ? SANS_PRODUIT : String(p.libelle ?? ''),
      famille: p.produit_id === null ? '' : String(p.categorie || SANS_FAMILLE),
      // Thousandths (migration 0889): the double nearest the sum, as the numeric's text gave;
      // the former query's rows (the test's oracle) carry the numeric quantite
      quantite:
        p.quantite_milliemes === undefined ? num(p.quantite) : num(p.quantite_milliemes) / 1000,
    })),
  }
}

/** limit null: every row (the export). */
export async function rentabilite(
  params: AnalyseParams,
  limit: number | null = ANALYSE_TABLE_MAX
): Promise<Rentabilite> {
  const [sql, bindings] = query(params, limit)
  const result = await analyseQuery(sql, bindings)
  return rentabiliteOf(params, result.rows[0])
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
