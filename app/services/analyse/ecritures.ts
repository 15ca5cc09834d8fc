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

/** The name under which the bundle reads how many rows there are (no analyse has it). */
export const ECRITURES_ROWS = 'analyse_ecritures:lignes'

/** Any constant of ours: the key of the fold's advisory lock, never waited for. */
const LOCK_KEY = 11_540_026

let folding: Promise<void> | null = null

/**
 * Folds the rows, once at a time in a process and, through an advisory lock taken only if free,
 * across processes. Safe beside writers: a row inserted by a transaction still open is not in
 * the fold's snapshot and stays; a reader sees the rows before or the folded ones, the same sum.
 */
export function foldAnalyseEcritures(): Promise<void> {
  if (!folding) {
    folding = db
      .rawQuery(
        `SELECT analyse_ecritures_compact()
           FROM (SELECT pg_try_advisory_xact_lock(?) AS free) l WHERE l.free`,
        [LOCK_KEY]
      )
      .then(() => undefined)
      .finally(() => {
        folding = null
      })
  }
  return folding
}
