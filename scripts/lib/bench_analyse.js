/*
 * The analyses in `npm run bench` (issue 14 §3): each analyse page as an Inertia visit, over
 * 12 months of the volume (db:volume: the factures and notes de crédit, the devis sent, the
 * signed bons de commande) and the planning's volume month (50 technicians, 5 000 visits in the
 * week of 4 March 2030). Target p95 ≤ 800 ms (decision 518): reports over a year of documents.
 * The volume's bons de commande have no lines: prepareAnalyseBench gives each one 5 product lines
 * (once, idempotent) so the families and the margins are computed over real lines.
 */
const YEAR = 'du=2025-12-01&au=2026-11-30'

export const ANALYSE_SCENARIOS = [
  ['Analyse — chiffre d’affaires facturé, 12 mois', `/esi/analyse/chiffre-affaires?${YEAR}`],
  [
    'Analyse — chiffre d’affaires signé, 12 mois',
    `/esi/analyse/chiffre-affaires?${YEAR}&source=bdc`,
  ],
  ['Analyse — rentabilité, 12 mois', `/esi/analyse/rentabilite?${YEAR}`],
  ['Analyse — taux d’acceptation, 12 mois', `/esi/analyse/acceptation?${YEAR}`],
  [
    'Analyse — occupation des techniciens, mars 2030',
    '/esi/analyse/techniciens?du=2030-03-01&au=2030-03-31',
  ],
]

/** Five product lines on each volume bon de commande that has none (one statement). */
export async function prepareAnalyseBench() {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  await db.rawQuery(
    `WITH p AS (
       SELECT id, prix_vente_ht, row_number() OVER (ORDER BY id) AS n, count(*) OVER () AS total
       FROM produits WHERE reference LIKE 'VOL-%'
     ),
     b AS (
       SELECT bdcs.id FROM bdcs
       WHERE NOT EXISTS (SELECT 1 FROM bdc_lignes l WHERE l.bdc_id = bdcs.id)
     )
     INSERT INTO bdc_lignes (bdc_id, position, type, produit_id, designation, quantite, unite,
       prix_unitaire_ht, remise_pct, taux_tva, total_ht)
     SELECT b.id, k, 'produit', p.id, 'Ligne de volume', 2, 'piece', p.prix_vente_ht, 0, 21,
       2 * p.prix_vente_ht
     FROM b CROSS JOIN generate_series(1, 5) AS k
       JOIN p ON p.n = 1 + (b.id * 7 + k * 13) % p.total`
  )
}
