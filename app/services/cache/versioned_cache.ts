/*
 * Lists of options kept in the process for as long as their table has not changed (issue 15 §1,
 * decision 542): the apporteurs, fournisseurs and commerciaux of the list filters were one more
 * query on every visit. The table's number in cache_versions is bumped by a trigger in the
 * transaction of any change (migration 0860) and read with the session of each request
 * (app/services/http/request_bundle.ts): a request that sees another number recomputes, so a
 * change made by any process shows on the next page visit of every process. Outside a GET
 * request that read the numbers (a job, a POST, another session store), nothing is kept.
 * The analyses' pages are kept the same way under the numbers of their tables' writes
 * (decisions 817–819, VersionedSum, app/services/analyse/reads.ts keptAnalyse), one value per
 * period and filter asked.
 */
import {
  requestVersion,
  type VersionedSum,
  type VersionedTable,
} from '#services/http/request_bundle'

type Kept = { version: string; value: Promise<unknown>; until?: number }
const kept = new Map<string, Kept>()
/** Values kept at most; the least recently used goes first (a page kept per period asked). */
export const KEPT_MAX = 200

/** What is kept under those tables and key, whatever its number (the tests). */
export function keptVersionedValue(
  tables: (VersionedTable | VersionedSum)[],
  key: string
): Promise<unknown> | undefined {
  return kept.get(`${tables.join('+')}:${key}`)?.value
}

/** Everything kept is read again (the tests, after a rolled-back transaction). */
export function forgetVersionedValues(): void {
  kept.clear()
}

/**
 * Until when a value stays true as time passes alone (epoch ms; null: as long as its tables
 * do not change), read from the value once computed: a figure counted against now() changes
 * at an instant the statement can give (the staff dashboard's devis to follow up).
 */
export type KeptUntil<T> = (value: T) => number | null

export function cachedByVersion<T>(
  table: VersionedTable | VersionedSum,
  key: string,
  compute: () => Promise<T>,
  until?: KeptUntil<T>
): Promise<T> {
  return cachedByVersions([table], key, compute, until)
}

/** The same for a value read from several tables (one statement): kept while none changes. */
export function cachedByVersions<T>(
  tables: (VersionedTable | VersionedSum)[],
  key: string,
  compute: () => Promise<T>,
  until?: KeptUntil<T>
): Promise<T> {
  const versions = tables.map((table) => requestVersion(table))
  if (versions.includes(null)) return compute()
  const version = versions.join(':')
  const name = `${tables.join('+')}:${key}`
  const hit = kept.get(name)
  // Moved to the end of the map: the most recently used
  if (hit) kept.delete(name)
  if (hit && hit.version === version && (hit.until === undefined || Date.now() < hit.until)) {
    kept.set(name, hit)
    return hit.value as Promise<T>
  }
  const value = compute()
  const entry: Kept = { version, value }
  kept.set(name, entry)
  if (until) {
    value.then(
      (v) => {
        const instant = until(v)
        if (instant !== null) entry.until = instant
      },
      () => {}
    )
  }
  if (kept.size > KEPT_MAX) kept.delete(kept.keys().next().value!)
  // A failed query is not kept
  value.catch(() => {
    if (kept.get(name)?.value === value) kept.delete(name)
  })
  return value
}
