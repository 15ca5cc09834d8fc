/*
 * The rows of analyse_ecritures (migrations 0926–0928): one per writing transaction and kept
 * analyse, summed with the session of every request (app/services/http/request_bundle.ts).
 * Folded into one row per analyse, their sum kept, so that this sum reads a handful of rows:
 * at night, after db:volume, and by a request that read more than FOLD_AFTER of them — an
 * office's day of writes would otherwise add a scan of thousands of rows to every request
 * (decision 823).
 */
import db from '@adonisjs/lucid/services/db'

/** Rows past which a request folds them (the bundle's sum costs about 0.1 ms per 1 000 rows). */
export const FOLD_AFTER = 100

/**
 * Pages of the table past which a fold vacuums it (about 3 600 rows written since the last
 * VACUUM): the bundle's scan of 16 pages costs a few µs, of 600 pages about 0.4 ms.
 */
export const VACUUM_AFTER_PAGES = 16

/** The name under which the bundle reads how many rows there are (no analyse has it). */
export const ECRITURES_ROWS = 'analyse_ecritures:lignes'

/** Any constant of ours: the key of the fold's advisory lock, never waited for. */
const LOCK_KEY = 11_540_026

let folding: Promise<void> | null = null

/**
 * Folds the rows, once at a time in a process and, through an advisory lock taken only if free,
 * across processes, then vacuums the table when it has grown. Safe beside writers: a row
 * inserted by a transaction still open is not in the fold's snapshot and stays; a reader sees
 * the rows before or the folded ones, the same sum.
 */
export function foldAnalyseEcritures(): Promise<void> {
  if (!folding) {
    folding = db
      .rawQuery(
        `SELECT analyse_ecritures_compact(),
             pg_relation_size('analyse_ecritures') / current_setting('block_size')::int AS pages
           FROM (SELECT pg_try_advisory_xact_lock(?) AS free) l WHERE l.free`,
        [LOCK_KEY]
      )
      .then(async (result) => {
        // Folded here (the lock was free): every former row is now dead, and every request's
        // bundle scans the table, dead rows' pages included, until a VACUUM frees them for
        // the next rows. Past VACUUM_AFTER_PAGES it is done at once rather than at
        // autovacuum's next visit (or never, with autovacuum off); not at every fold, which
        // cost a save more than it saved. Another VACUUM of the table under way: skipped. Not
        // inside a transaction (the tests'), where it cannot run (decision 843).
        const pages = Number(result.rows[0]?.pages ?? 0)
        if (pages > VACUUM_AFTER_PAGES && db.connectionGlobalTransactions.size === 0) {
          await db.rawQuery('VACUUM (SKIP_LOCKED) analyse_ecritures')
        }
      })
      .finally(() => {
        folding = null
      })
  }
  return folding
}
