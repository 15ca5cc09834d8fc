/*
 * Issue 14 §2 — the dashboard of a pro and of an ordinary user (decision 507). A pro sees his
 * sociétés' offres by statut (the counts of his offres list, /app/offres?filter[statut]=…, whose
 * scope is the same: the sociétés he is a member of) and what became of the transmitted ones:
 * the statut of the devis esi made of each (none yet, brouillon, envoyé, accepté…) and whether
 * its bdc is signed. Nothing of another société is read. An ordinary user sees his sociétés and
 * their members.
 */
import db from '@adonisjs/lucid/services/db'
import { OFFRE_STATUTS, type DevisStatut, type OffreStatut } from '#shared/devis'
import type { ProFigures } from '#shared/dashboard'
import { offresSuivi } from '#services/dashboard/partenaires'

export async function proFigures(societeIds: number[]): Promise<ProFigures> {
  if (!societeIds.length) {
    return {
      par_statut: OFFRE_STATUTS.map((statut) => ({ statut, nombre: 0 })),
      transmises: [],
      recentes: [],
    }
  }
  const result = await db.rawQuery(
    `SELECT
       (SELECT coalesce(json_object_agg(x.statut, x.n), '{}') FROM (
          SELECT o.statut, count(*) AS n FROM offres o
          WHERE o.societe_id = ANY(?::int[]) GROUP BY o.statut) x) AS par_statut,
       (SELECT coalesce(json_agg(y), '[]') FROM (
          SELECT d.statut AS devis_statut, count(*) AS nombre,
            count(*) FILTER (WHERE b.statut = 'signe') AS signees
          FROM offres o
          LEFT JOIN devis d ON d.id = o.devis_id
          LEFT JOIN bdcs b ON b.devis_id = o.devis_id
          WHERE o.societe_id = ANY(?::int[]) AND o.transmise_le IS NOT NULL
          GROUP BY d.statut ORDER BY d.statut NULLS FIRST) y) AS transmises`,
    [societeIds, societeIds]
  )
  const row = result.rows[0]
  const parStatut = row.par_statut as Record<string, number>
  return {
    par_statut: OFFRE_STATUTS.map((statut: OffreStatut) => ({
      statut,
      nombre: Number(parStatut[statut] ?? 0),
    })),
    transmises: (row.transmises as any[]).map((r) => ({
      devis_statut: (r.devis_statut ?? null) as DevisStatut | null,
      nombre: Number(r.nombre),
      signees: Number(r.signees),
    })),
    recentes: await offresSuivi(societeIds, { limit: 10, transmisesOnly: true }),
  }
}
