/*
 * The former reads of what waits to be planned (before decisions 726–730), kept as the oracle:
 * two statements, an object per row, merged and sorted in Node. The body sent must be the same
 * bytes as `JSON.stringify({ items })` of these.
 */
import db from '@adonisjs/lucid/services/db'
import { TIME_ZONE } from '#shared/app'
import {
  NATURE_DUREE_MINUTES,
  NATURE_LABELS,
  type AttenteItem,
  type PlanningType,
} from '#shared/planning'
import type { Etape } from '#shared/commande_etapes'

const clientNom = `COALESCE(NULLIF(c.societe, ''), NULLIF(trim(concat_ws(' ', c.prenom, c.nom)), ''), c.nom)`
/** The client's site address as one line (« Rue de Fer 12, 5000 Namur »), SQL over `c`. */
const adresseChantier = `NULLIF(concat_ws(', ', NULLIF(c.chantier_rue, ''), NULLIF(trim(concat_ws(' ', c.chantier_code_postal, c.chantier_localite)), '')), '')`

// The day in Brussels, by PostgreSQL (no date object per item: 4 000 of them on a big list)
const isoDay = (column: string) => `COALESCE(to_char(${column} AT TIME ZONE ?, 'YYYY-MM-DD'), '')`

/** The mesurage and pose steps waiting for a visit (oldest first). */
async function etapesEnAttente(limit: number): Promise<AttenteItem[]> {
  const rows = await db.rawQuery(
    `SELECT e.commande_id, e.etape, ${isoDay('e.updated_at')} AS depuis, k.numero, k.client_id, k.client_nom,
            ${clientNom} AS nom, ${adresseChantier} AS adresse,
            c.chantier_lat AS lat, c.chantier_lng AS lng
       FROM commande_etapes e
       JOIN commandes k ON k.id = e.commande_id
       JOIN clients c ON c.id_client = k.client_id
      WHERE e.etape IN ('mesurage', 'pose')
        AND e.statut IN ('a_faire', 'planifiee')
        AND k.statut IN ('en_attente', 'en_cours')
        AND (e.etape = 'mesurage' OR EXISTS (
              SELECT 1 FROM commande_etapes f
               WHERE f.commande_id = e.commande_id AND f.etape = 'fourniture'
                 AND f.statut IN ('faite', 'sans_objet')))
        AND NOT EXISTS (
              SELECT 1 FROM planifications p
               WHERE p.commande_id = e.commande_id AND p.etape = e.etape
                 AND p.statut <> 'annulee')
      ORDER BY e.updated_at, e.id
      LIMIT ?`,
    [TIME_ZONE, limit]
  )
  return rows.rows.map((r: any) => {
    const etape = r.etape as Etape & ('mesurage' | 'pose')
    return {
      cle: `etape:${r.commande_id}:${etape}`,
      type: 'tec',
      nature: etape,
      titre: `${NATURE_LABELS[etape]} ${r.numero} — ${r.client_nom || r.nom}`,
      client: { id: Number(r.client_id), nom: String(r.nom ?? '') },
      commande: { id: r.commande_id, numero: r.numero },
      etape,
      demandeId: null,
      adresse: r.adresse,
      latitude: r.lat === null ? null : Number(r.lat),
      longitude: r.lng === null ? null : Number(r.lng),
      dureeMinutes: NATURE_DUREE_MINUTES[etape],
      depuis: r.depuis,
    } satisfies AttenteItem
  })
}

/** Open requests (SAV for tec, a visit asked for com), oldest first. */
async function demandesOuvertes(type: PlanningType, limit: number): Promise<AttenteItem[]> {
  const rows = await db.rawQuery(
    `SELECT d.*, ${isoDay('d.created_at')} AS depuis, k.numero, ${clientNom} AS nom, ${adresseChantier} AS adresse_client,
            c.chantier_lat AS lat, c.chantier_lng AS lng
       FROM planning_demandes d
       LEFT JOIN clients c ON c.id_client = d.client_id
       LEFT JOIN commandes k ON k.id = d.commande_id
      WHERE d.statut = 'ouverte' AND d.type = ?
      ORDER BY d.created_at, d.id
      LIMIT ?`,
    [TIME_ZONE, type, limit]
  )
  return rows.rows.map(
    (r: any) =>
      ({
        cle: `demande:${r.id}`,
        type,
        nature: r.nature,
        titre: r.titre,
        client: r.client_id ? { id: Number(r.client_id), nom: String(r.nom ?? '') } : null,
        commande: r.commande_id ? { id: r.commande_id, numero: r.numero } : null,
        etape: null,
        demandeId: r.id,
        adresse: r.adresse ?? r.adresse_client ?? null,
        latitude: r.latitude ?? (r.lat === null ? null : Number(r.lat)),
        longitude: r.longitude ?? (r.lng === null ? null : Number(r.lng)),
        dureeMinutes: r.duree_minutes,
        depuis: r.depuis,
      }) satisfies AttenteItem
  )
}

/** Everything waiting to be planned in a planning, oldest first, at most ATTENTE_LIMIT. */
export async function attenteAncienne(type: PlanningType, limit = 2000): Promise<AttenteItem[]> {
  const [etapes, demandes] = await Promise.all([
    type === 'tec' ? etapesEnAttente(limit) : Promise.resolve([]),
    demandesOuvertes(type, limit),
  ])
  return [...etapes, ...demandes]
    .sort((a, b) => (a.depuis < b.depuis ? -1 : a.depuis > b.depuis ? 1 : 0))
    .slice(0, limit)
}

/** The body the former controller sent: `response.json({ items })`. */
export async function attenteVerite(type: PlanningType, limit = 2000): Promise<string> {
  return JSON.stringify({ items: await attenteAncienne(type, limit) })
}
