/*
 * The planning's week kept ready to send (issue 15 §1, decisions 700–704): the week of 50
 * technicians is 5 000 visits, 2.4 MB of JSON, ~140 ms of Node and ~45 ms of PostgreSQL to
 * build, and it is read far more often than it changes. Kept in this process, as the JSON's
 * bytes (and their gzip once asked), under the numbers that planning_versions holds for the
 * weeks the range meets: a trigger bumps a week's number in the transaction of any change of
 * what it shows (migration 0883), so a request that reads another number builds the week again,
 * in every process. The numbers are read BEFORE the visits: a week built from newer data than
 * its numbers is only built once more, never shown stale.
 * Bounded by PLANNING_CACHE_MB (32 by default; 0 turns it off), least recently used first out.
 */
import { gzip as gzipCallback } from 'node:zlib'
import { promisify } from 'node:util'
import db from '@adonisjs/lucid/services/db'
import { planificationsInRange } from '#services/planning/planification_reads'
import { ByteLru } from '#services/cache/byte_lru'

const gzip = promisify(gzipCallback)

export type SemaineQuery = Parameters<typeof planificationsInRange>[0]

/** The body of GET /esi/planifications, `{"visites":[…]}`, and its gzip made on demand. */
export type SemaineBody = { json: Buffer; gzip: () => Promise<Buffer> }

type Entry = { version: string; json: Promise<Buffer>; gz: Promise<Buffer> | null }

const kept = new ByteLru<Entry>()

function limitBytes(): number {
  const raw = process.env.PLANNING_CACHE_MB
  const mb = raw !== undefined && /^\d+(\.\d+)?$/.test(raw) ? Number(raw) : 32
  return mb * 1024 * 1024
}

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

function bodyOf(key: string, entry: Entry, json: Buffer, limit: number): SemaineBody {
  return {
    json,
    gzip: () => {
      if (!entry.gz) {
        // Level 6 (zlib's default): 2.4 MB → ~0.2 MB, made once per version of the week
        entry.gz = gzip(json)
        entry.gz.then(
          (gz) => kept.grow(key, entry, gz.byteLength, limit),
          () => (entry.gz = null)
        )
      }
      return entry.gz
    },
  }
}

/** The week's body: kept while its numbers are unchanged, else built (once for every caller). */
export async function semaineGardee(query: SemaineQuery): Promise<SemaineBody> {
  const limit = limitBytes()
  const version = limit > 0 ? await versionOf(query) : null
  if (version === null) {
    const json = await build(query)
    return { json, gzip: () => gzip(json) }
  }
  const key = keyOf(query)
  let entry = kept.get(key)
  if (!entry || entry.version !== version) {
    const made: Entry = { version, json: build(query), gz: null }
    entry = made
    kept.set(key, made)
    made.json.then(
      (json) => {
        // A body above a quarter of the bound (a long range) is not kept
        if (json.byteLength > limit / 4) kept.delete(key, made)
        else kept.grow(key, made, json.byteLength, limit)
      },
      // A failed query is not kept
      () => kept.delete(key, made)
    )
  }
  return bodyOf(key, entry, await entry.json, limit)
}

/** What is kept now (tests). */
export function semainesGardees(): { count: number; bytes: number } {
  return { count: kept.size, bytes: kept.bytes }
}

/** Forgets every kept week (tests). */
export function oublierSemaines() {
  kept.clear()
}
