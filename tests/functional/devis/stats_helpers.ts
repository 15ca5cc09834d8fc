/*
 * The devis statistics' pre-aggregate (devis_stats_jour) against a recomputation from the devis.
 */
import db from '@adonisjs/lucid/services/db'

/** The aggregate as stored (deltas summed per key), zero keys left out. */
async function stored() {
  const result = await db.rawQuery(`
    SELECT axe, jour::text AS jour, coalesce(commercial_id, 0) AS c, statut,
      sum(n)::bigint AS n, sum(ht)::bigint AS ht, sum(ttc)::bigint AS ttc,
      round(sum(delai_somme), 6)::text AS delai_somme, sum(delai_n)::bigint AS delai_n
    FROM devis_stats_jour GROUP BY 1, 2, 3, 4
    HAVING sum(n) <> 0 OR sum(ht) <> 0 OR sum(ttc) <> 0 OR sum(delai_somme) <> 0 OR sum(delai_n) <> 0
    ORDER BY 1, 2, 3, 4`)
  return result.rows
}

/** The same, recomputed from scratch from every devis (written apart from the trigger's SQL). */
async function recomputed() {
  const result = await db.rawQuery(`
    WITH r AS (
      SELECT d.statut, coalesce(d.commercial_id, 0) AS c, d.total_ht, d.total_ttc, k.axe, k.jour,
        CASE WHEN k.axe = 'e' AND d.accepte_le IS NOT NULL
          THEN extract(epoch FROM d.accepte_le - d.envoye_le) / 86400 ELSE 0 END AS delai,
        CASE WHEN k.axe = 'e' AND d.accepte_le IS NOT NULL THEN 1 ELSE 0 END AS avec_delai
      FROM devis d
      CROSS JOIN LATERAL (VALUES
        ('c', d.date_devis),
        ('e', timezone('Europe/Brussels', d.envoye_le)::date),
        ('a', timezone('Europe/Brussels', d.accepte_le)::date)
      ) AS k(axe, jour)
      WHERE k.jour IS NOT NULL
    )
    SELECT axe, jour::text AS jour, c, statut, count(*)::bigint AS n, sum(total_ht)::bigint AS ht,
      sum(total_ttc)::bigint AS ttc, round(sum(delai), 6)::text AS delai_somme,
      sum(avec_delai)::bigint AS delai_n
    FROM r GROUP BY 1, 2, 3, 4 ORDER BY 1, 2, 3, 4`)
  return result.rows
}

export async function assertCurrent(assert: any, context: string) {
  assert.deepEqual(await stored(), await recomputed(), context)
}
