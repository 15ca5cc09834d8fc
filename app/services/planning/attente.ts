/*
 * Issue 13 §3: what waits to be planned — the offcanvas of the calendar and the map. For the
 * technical planning: mesurages of running commandes and poses whose gate is open (every supplier
 * line received: the fourniture step done), with no active visit, and the open SAV requests; for
 * the commercial planning, the open requests for a visit. The steps are walked in their order by a
 * partial index (migration 0720), the requests by the partial index of open requests.
 *
 * Issue 15 §1 (decisions 726–730): the body `{"items":[…]}` is written by PostgreSQL in one
 * statement (the two kinds merged, oldest day first, each item's JSON text; no row object, item
 * or date per item in Node), and kept in this process as bytes under the list's number in
 * planning_versions (the row (type, 'infinity'), beside the weeks' rows of decisions 700–704):
 * triggers note it in the transaction of every change of what the list shows and bump it at
 * COMMIT (migration 0892), so a request that reads another number builds the list again, in every
 * process. The number is read BEFORE the list: a list built from newer data than its number is
 * built once more, never shown stale. Bounded with the weeks' memory (PLANNING_CACHE_MB).
 */
import db from '@adonisjs/lucid/services/db'
import { TIME_ZONE } from '#shared/app'
import {
  NATURE_DUREE_MINUTES,
  NATURE_LABELS,
  type AttenteItem,
  type PlanningType,
} from '#shared/planning'
import { KeptBodies, planningCacheBytes, type KeptBody } from '#services/planning/planning_gardee'

export const ATTENTE_LIMIT = 2000

const clientNom = `COALESCE(NULLIF(c.societe, ''), NULLIF(trim(concat_ws(' ', c.prenom, c.nom)), ''), c.nom)`
/** The client's site address as one line (« Rue de Fer 12, 5000 Namur »), SQL over `c`. */
export const adresseChantier = `NULLIF(concat_ws(', ', NULLIF(c.chantier_rue, ''), NULLIF(trim(concat_ws(' ', c.chantier_code_postal, c.chantier_localite)), '')), '')`

// The day in Brussels, by PostgreSQL
const isoDay = (column: string) => `COALESCE(to_char(${column} AT TIME ZONE ?, 'YYYY-MM-DD'), '')`

/** A value as JSON text (strings escaped as JSON.stringify does), `null` for NULL. */
const j = (sql: string) => `COALESCE(to_json(${sql})::text, 'null')`
/** A numeric(9,6) as JavaScript writes Number(value): no trailing zeros. */
const jNumeric = (sql: string) => `COALESCE(trim_scale(${sql})::text, 'null')`
/**
 * A double as JavaScript writes it: PostgreSQL's shortest digits, written without an exponent
 * from 1e-6 to 1e-4 and with « e-7 » rather than « e-07 » below (coordinates stay within ±180).
 */
const jDouble = (sql: string) => `CASE WHEN ${sql} = 0 THEN '0'
    WHEN abs(${sql}) >= 1e-4 THEN ${sql}::text
    WHEN abs(${sql}) >= 1e-6 THEN ${sql}::text::numeric::text
    ELSE regexp_replace(${sql}::text, 'e-0*', 'e-') END`

/**
 * The mesurage and pose steps waiting for a visit, oldest first, at most `limit` (?): what the
 * merge orders them by, with their commande's columns (read anyway for its statut).
 */
const ETAPES = `SELECT ${isoDay('e.updated_at')} AS depuis, 0 AS source, e.updated_at AS tri, e.id,
         e.commande_id, e.etape, k.numero, k.client_id, k.client_nom
    FROM commande_etapes e
    JOIN commandes k ON k.id = e.commande_id
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
   LIMIT ?`

/** Open requests of the type (?), oldest first, at most `limit` (?): by their partial index. */
const DEMANDES = `SELECT ${isoDay('d.created_at')} AS depuis, 1 AS source, d.created_at AS tri, d.id,
         NULL::int AS commande_id, NULL::varchar AS etape, NULL::varchar AS numero,
         NULL::bigint AS client_id, NULL::varchar AS client_nom
    FROM planning_demandes d
   WHERE d.statut = 'ouverte' AND d.type = ?
   ORDER BY d.created_at, d.id
   LIMIT ?`

/** A step's item (m: the merged row, c: its client). */
const ETAPE_ITEM = `'{"cle":' || ${j(`'etape:' || m.commande_id || ':' || m.etape`)}
    || ',"type":"tec","nature":' || ${j('m.etape')}
    || ',"titre":' || ${j(`(CASE m.etape WHEN 'mesurage' THEN ?::text ELSE ?::text END) || ' ' || COALESCE(m.numero, 'null') || ' — ' || COALESCE(NULLIF(m.client_nom, ''), ${clientNom}, 'null')`)}
    || ',"client":{"id":' || m.client_id || ',"nom":' || ${j(`COALESCE(${clientNom}, '')`)}
    || '},"commande":{"id":' || m.commande_id || ',"numero":' || ${j('m.numero')}
    || '},"etape":' || ${j('m.etape')} || ',"demandeId":null,"adresse":' || ${j(adresseChantier)}
    || ',"latitude":' || ${jNumeric('c.chantier_lat')} || ',"longitude":' || ${jNumeric('c.chantier_lng')}
    || ',"dureeMinutes":' || (CASE m.etape WHEN 'mesurage' THEN ?::int ELSE ?::int END)
    || ',"depuis":' || ${j('m.depuis')} || '}'`

/** A request's item (m: the merged row, d: the request, c: its client, if any). */
const DEMANDE_ITEM = `'{"cle":' || ${j(`'demande:' || d.id`)} || ',"type":' || ${j('d.type')}
    || ',"nature":' || ${j('d.nature')} || ',"titre":' || ${j('d.titre')}
    || ',"client":' || (CASE WHEN d.client_id IS NOT NULL AND d.client_id <> 0
         THEN '{"id":' || d.client_id || ',"nom":' || ${j(`COALESCE(${clientNom}, '')`)} || '}' ELSE 'null' END)
    || ',"commande":' || (CASE WHEN d.commande_id IS NOT NULL AND d.commande_id <> 0
         THEN '{"id":' || d.commande_id || ',"numero":'
           || ${j('(SELECT k.numero FROM commandes k WHERE k.id = d.commande_id)')} || '}'
         ELSE 'null' END)
    || ',"etape":null,"demandeId":' || d.id
    || ',"adresse":' || ${j(`COALESCE(d.adresse, ${adresseChantier})`)}
    || ',"latitude":' || (CASE WHEN d.latitude IS NOT NULL THEN ${jDouble('d.latitude')} ELSE ${jNumeric('c.chantier_lat')} END)
    || ',"longitude":' || (CASE WHEN d.longitude IS NOT NULL THEN ${jDouble('d.longitude')} ELSE ${jNumeric('c.chantier_lng')} END)
    || ',"dureeMinutes":' || d.duree_minutes || ',"depuis":' || ${j('m.depuis')} || '}'`

/**
 * The body `{"items":[…]}`: the two kinds merged by day, the steps before the requests on a same
 * day, each in its own order (what the former stable sort in Node gave), at most `limit`; only
 * the items kept are joined to their client and written.
 */
async function build(type: PlanningType, limit: number): Promise<Buffer> {
  const etapes = type === 'tec'
  const result = await db.rawQuery(
    `WITH m AS MATERIALIZED (
       SELECT * FROM (${etapes ? `(${ETAPES}) UNION ALL ` : ''}(${DEMANDES})) u
        ORDER BY u.depuis COLLATE "C", u.source, u.tri, u.id
        LIMIT ?)
     SELECT '{"items":[' || COALESCE(string_agg(i.item, ',' ORDER BY i.depuis COLLATE "C", i.source, i.tri, i.id), '') || ']}' AS body
       FROM (${
         etapes
           ? `SELECT m.depuis, m.source, m.tri, m.id, ${ETAPE_ITEM} AS item
               FROM m JOIN clients c ON c.id_client = m.client_id
              WHERE m.source = 0
             UNION ALL `
           : ''
       }SELECT m.depuis, m.source, m.tri, m.id, ${DEMANDE_ITEM} AS item
               FROM m JOIN planning_demandes d ON d.id = m.id
               LEFT JOIN clients c ON c.id_client = d.client_id
              WHERE m.source = 1) i`,
    [
      ...(etapes ? [TIME_ZONE, limit] : []),
      TIME_ZONE,
      type,
      limit,
      limit,
      ...(etapes
        ? [
            NATURE_LABELS.mesurage,
            NATURE_LABELS.pose,
            NATURE_DUREE_MINUTES.mesurage,
            NATURE_DUREE_MINUTES.pose,
          ]
        : []),
    ]
  )
  return Buffer.from(result.rows[0].body)
}

const kept = new KeptBodies()

/**
 * The list's number with the TRUNCATE's; null when this connection's transaction changed the
 * planning (a test's global transaction): not committed, its numbers move at COMMIT or are rolled
 * back and given again.
 */
async function versionOf(type: PlanningType): Promise<string | null> {
  const result = await db.rawQuery(
    `SELECT coalesce((SELECT version FROM planning_versions WHERE type = ? AND semaine = 'infinity'), 0)
        || ';' || coalesce((SELECT max(version) FROM planning_versions WHERE type = '*'), 0) AS version,
        coalesce(current_setting('esi.planning_ecrit', true), '') <> '' AS pending`,
    [type]
  )
  const row = result.rows[0]
  return row.pending ? null : String(row.version)
}

/** The body of GET /esi/planifications/attente: kept while its number is unchanged, else built. */
export async function attenteBody(type: PlanningType): Promise<KeptBody> {
  const limit = planningCacheBytes()
  const version = limit > 0 ? await versionOf(type) : null
  return kept.body(type, version, limit, () => build(type, ATTENTE_LIMIT))
}

/** The list's JSON bytes (the same Buffer while kept). */
export async function attenteJson(type: PlanningType): Promise<Buffer> {
  const body = await attenteBody(type)
  return body.json
}

/** Everything waiting to be planned in a planning, oldest first, at most ATTENTE_LIMIT. */
export async function attenteItems(type: PlanningType): Promise<AttenteItem[]> {
  const body = await attenteJson(type)
  return JSON.parse(body.toString()).items
}

/** The body built now, at most `limit` items (tests compare it with the former reads). */
export function attenteJsonBuilt(type: PlanningType, limit = ATTENTE_LIMIT): Promise<Buffer> {
  return build(type, limit)
}

/** Forgets the kept lists (tests). */
export function oublierAttente() {
  kept.clear()
}
