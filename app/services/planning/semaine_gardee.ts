/*
 * The planning's week kept ready to send (issue 15 §1, decisions 700–704): the week of 50
 * technicians is 5 000 visits, 2.4 MB of JSON, ~140 ms of Node and ~45 ms of PostgreSQL to
 * build, and it is read far more often than it changes. Kept in this process, as the JSON's
 * bytes (and their gzip once asked), under the numbers that planning_versions holds for the
 * weeks the range meets: a trigger bumps a week's number in the transaction of any change of
 * what it shows (migration 0883), so a request that reads another number builds the week again,
 * in every process. The numbers are read BEFORE the visits: a week built from newer data than
 * its numbers is only built once more, never shown stale.
 * Bounded by PLANNING_CACHE_MB (32 by default; 0 turns it off), least recently used first out
 * (app/services/planning/planning_gardee.ts, shared with the waiting list).
 */
import db from '@adonisjs/lucid/services/db'
import { planificationsInRange } from '#services/planning/planification_reads'
import { KeptBodies, planningCacheBytes, type KeptBody } from '#services/planning/planning_gardee'

export type SemaineQuery = Parameters<typeof planificationsInRange>[0]

/** The body of GET /esi/planifications, `{"visites":[…]}`, and its gzip made on demand. */
export type SemaineBody = KeptBody

const kept = new KeptBodies()

/** The week's JSON as the calendar receives it (the same bytes as response.json gave). */
async function build(query: SemaineQuery): Promise<Buffer> {
  return Buffer.from(JSON.stringify({ visites: await planificationsInRange(query) }))
}

/**
 * The numbers of the weeks [start, end) meets, with the TRUNCATE's; null when this connection's
 * transaction changed the planning (a test's global transaction): not committed, its numbers
 * move at COMMIT or are rolled back and given again.
 */
async function versionOf(query: SemaineQuery): Promise<string | null> {
  const result = await db.rawQuery(
    `SELECT coalesce(string_agg(coalesce(v.version, 0)::text, ',' ORDER BY s), '')
        || ';' || coalesce((SELECT max(version) FROM planning_versions WHERE type = '*'), 0)
        AS version,
        coalesce(current_setting('esi.planning_ecrit', true), '') <> '' AS pending
      FROM planning_semaines(?::timestamptz, ?::timestamptz) s
      LEFT JOIN planning_versions v ON v.type = ? AND v.semaine = s`,
    [query.start.toISO()!, query.end.toISO()!, query.type]
  )
  const row = result.rows[0]
  return row.pending ? null : String(row.version)
}

function keyOf(query: SemaineQuery): string {
  const sorted = (list?: readonly (string | number)[]) => [...(list ?? [])].sort()
  return JSON.stringify([
    query.type,
    query.start.toMillis(),
    query.end.toMillis(),
    sorted(query.personnes),
    sorted(query.natures),
    Boolean(query.avecAnnulees),
  ])
}

/** The week's body: kept while its numbers are unchanged, else built (once for every caller). */
export async function semaineGardee(query: SemaineQuery): Promise<SemaineBody> {
  const limit = planningCacheBytes()
  const version = limit > 0 ? await versionOf(query) : null
  return kept.body(keyOf(query), version, limit, () => build(query))
}

/** What is kept now (tests). */
export function semainesGardees(): { count: number; bytes: number } {
  return { count: kept.size, bytes: kept.bytes }
}

/** Forgets every kept week (tests). */
export function oublierSemaines() {
  kept.clear()
}
