/*
 * The SQL of the rentabilité pre-aggregate (issue 15 §1, decision 690), used only by migrations
 * 0877–0879: what each product line of a signed bdc whose commande is not cancelled contributes
 * to /esi/analyse/rentabilite (decision 512), and the one statement that adds contributions to
 * both tables, summed per key:
 * - rentabilite_commandes, one row per commande (its numero, client_nom, signe_le and
 *   commercial, and its figures): the commandes ranked by margin rate;
 * - rentabilite_produits, per (kind, jour, commercial, product): each line counted in its
 *   Brussels day (kind 'j'), month ('m'), quarter ('t'), half-year ('s') and year ('a'), jour
 *   the bucket's first day, so that a period reads its whole years, halves, quarters and months
 *   and only the days of its partial months (periodBuckets, app/services/analyse/rentabilite.ts).
 * Each line's cost is rounded per line at its product's purchase price when written; a price
 * change moves the lines of the product (the product id is the joined product's, so a line whose
 * product is gone counts as without product, as the ON DELETE SET NULL will make it).
 */
export const TZ = 'Europe/Brussels'

export type Sources = {
  lines?: string
  bdcs?: string
  commandes?: string
  produits?: string
  /** ±1 */
  sign: string
  produitJoin?: 'JOIN' | 'LEFT JOIN'
}

/** One row per counted line (the tables or transition tables given), signed. */
export function contributions({
  lines = 'bdc_lignes',
  bdcs = 'bdcs',
  commandes = 'commandes',
  produits = 'produits',
  sign,
  produitJoin = 'LEFT JOIN',
}: Sources): string {
  return `SELECT c.id AS commande_id, c.numero, c.client_nom, b.signe_le, b.commercial_id,
      (b.signe_le AT TIME ZONE '${TZ}')::date AS jour, p.id AS produit_id,
      ${sign} AS lignes, ${sign} * l.quantite AS quantite,
      ${sign} * round(l.total_ht * (1 - b.remise_globale_pct / 100)) AS vente,
      CASE WHEN p.prix_achat IS NULL THEN NULL
        ELSE ${sign} * round(coalesce(l.quantite, 0) * p.prix_achat) END AS cout
    FROM ${lines} l
      JOIN ${bdcs} b ON b.id = l.bdc_id
      JOIN ${commandes} c ON c.bdc_id = b.id
      ${produitJoin} ${produits} p ON p.id = l.produit_id
    WHERE b.statut = 'signe' AND b.signe_le IS NOT NULL AND c.statut <> 'annulee'
      AND l.type = 'produit' AND l.total_ht IS NOT NULL`
}

// x: the contributions' rows
const FIGURES = `coalesce(sum(x.vente) FILTER (WHERE x.cout IS NOT NULL), 0) AS vente_connue,
  coalesce(sum(x.cout), 0) AS cout,
  coalesce(sum(x.vente) FILTER (WHERE x.cout IS NULL), 0) AS inconnu`
// A key whose figures net to zero adds no row (a price change from unknown to 0 moves the sale
// from inconnu to vente_connue: every figure is looked at)
const nonzero = (s = '') =>
  `${s}lignes <> 0 OR ${s}vente_connue <> 0 OR ${s}cout <> 0 OR ${s}inconnu <> 0`

const DESCRIPTEURS = ['numero', 'client_nom', 'signe_le', 'commercial_id']
export const PRODUIT_KEYS = 'kind, jour, commercial_id, produit_id'
const COMMANDE_COLUMNS = `commande_id, ${DESCRIPTEURS.join(', ')}, lignes, vente_connue, cout, inconnu`
const PRODUIT_COLUMNS = `${PRODUIT_KEYS}, lignes, quantite, vente_connue, cout, inconnu`

// The buckets a line counts in (x.jour: its Brussels day), by their first day
const BUCKETS = `(VALUES ('j'::char, x.jour), ('m', date_trunc('month', x.jour)::date),
    ('t', date_trunc('quarter', x.jour)::date),
    ('s', make_date(extract(year FROM x.jour)::int,
      CASE WHEN extract(month FROM x.jour) <= 6 THEN 1 ELSE 7 END, 1)),
    ('a', date_trunc('year', x.jour)::date))`

/**
 * The contributions of `source` (a query of contributions' rows) added to both tables. A
 * commande has ONE row, its figures added to (ON CONFLICT), in commande order (two writers lock
 * the rows they share in the same order); its descriptors are those of the lines counted in
 * (they say the commande as it is after the statement), its own when only lines went out.
 */
export function addToAggregates(source: string): string {
  const descripteur = (d: string) => `(array_agg(x.${d}) FILTER (WHERE x.lignes > 0))[1] AS ${d}`
  return `WITH x AS MATERIALIZED (${source}),
    commandes_net AS (
      INSERT INTO rentabilite_commandes AS r (${COMMANDE_COLUMNS})
      SELECT s.commande_id,
        ${DESCRIPTEURS.map((d) => `CASE WHEN s.entre THEN s.${d} ELSE o.${d} END`).join(', ')},
        s.lignes, s.vente_connue, s.cout, s.inconnu
      FROM (
        SELECT x.commande_id, ${DESCRIPTEURS.map(descripteur).join(', ')},
          bool_or(x.lignes > 0) AS entre, sum(x.lignes) AS lignes, ${FIGURES}
        FROM x GROUP BY x.commande_id
      ) s
        LEFT JOIN rentabilite_commandes o ON NOT s.entre AND o.commande_id = s.commande_id
      WHERE ${nonzero('s.')} OR s.entre
      ORDER BY s.commande_id
      ON CONFLICT (commande_id) DO UPDATE SET
        ${DESCRIPTEURS.map((d) => `${d} = excluded.${d}`).join(', ')},
        ${['lignes', 'vente_connue', 'cout', 'inconnu'].map((f) => `${f} = r.${f} + excluded.${f}`).join(', ')}
    )
    INSERT INTO rentabilite_produits (${PRODUIT_COLUMNS})
    SELECT * FROM (
      SELECT k.kind, k.jour, commercial_id, produit_id, sum(lignes) AS lignes,
        coalesce(sum(quantite), 0) AS quantite, ${FIGURES}
      FROM x CROSS JOIN LATERAL ${BUCKETS} k (kind, jour)
      GROUP BY k.kind, k.jour, commercial_id, produit_id
    ) s WHERE ${nonzero()} OR quantite <> 0`
}

/** The product rows folded to one row per key (deltas summed), the empty commandes dropped. */
export function compactSql(): string {
  return `LOCK TABLE rentabilite_commandes, rentabilite_produits IN SHARE UPDATE EXCLUSIVE MODE;
    DELETE FROM rentabilite_commandes
    WHERE lignes = 0 AND vente_connue = 0 AND cout = 0 AND inconnu = 0;
    WITH gone AS (DELETE FROM rentabilite_produits RETURNING *)
    INSERT INTO rentabilite_produits (${PRODUIT_COLUMNS})
    SELECT ${PRODUIT_KEYS}, sum(lignes), sum(quantite), sum(vente_connue), sum(cout), sum(inconnu)
    FROM gone GROUP BY ${PRODUIT_KEYS}
    HAVING sum(lignes) <> 0 OR sum(quantite) <> 0 OR sum(vente_connue) <> 0 OR sum(cout) <> 0
      OR sum(inconnu) <> 0;`
}

// An UPDATE that changed none of the columns read returns at once
export const RETURN_IF_UNCHANGED = (columns: string) => `IF TG_OP = 'UPDATE' THEN
    IF NOT EXISTS (SELECT ${columns} FROM new_rows EXCEPT SELECT ${columns} FROM old_rows) THEN
      RETURN NULL;
    END IF;
  END IF;`

/** new_rows counted in, old_rows out, by operation (rows: a Sources key). */
export function byOperation(rows: 'lines' | 'commandes' | 'bdcs'): string {
  const add = (table: string, sign: string) => contributions({ [rows]: table, sign })
  return `IF TG_OP = 'INSERT' THEN
      ${addToAggregates(add('new_rows', '1'))};
    ELSIF TG_OP = 'DELETE' THEN
      ${addToAggregates(add('old_rows', '-1'))};
    ELSIF TG_OP = 'UPDATE' THEN
      ${addToAggregates(`${add('new_rows', '1')} UNION ALL ${add('old_rows', '-1')}`)};
    ELSE
      PERFORM rentabilite_rebuild();
    END IF;`
}

export const TRIGGER_REFERENCES: Record<string, string> = {
  insert: 'REFERENCING NEW TABLE AS new_rows',
  update: 'REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows',
  delete: 'REFERENCING OLD TABLE AS old_rows',
  truncate: '',
}
