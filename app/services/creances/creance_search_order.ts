/*
 * The physical order of client_soldes_recherche (migration 0930, decision 832): a créances
 * search reads its matches' rows from the table, so the rows of one name kept side by side
 * cost a few pages instead of one each. Rows written since the last pass (a client's first
 * facture, an update that did not fit its page) are elsewhere: the nightly pass puts the
 * table back in order when PostgreSQL's statistics say it has drifted.
 */
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'

/** The index whose order CLUSTER restores: the créances' sort by client. */
export const SEARCH_ORDER_INDEX = 'client_soldes_recherche_tri'

/** Below this correlation of `tri_nom` with the rows' places, the table is put back in order. */
export const SEARCH_ORDER_MIN_CORRELATION = 0.9

/**
 * The correlation of `tri_nom` with the rows' places in PostgreSQL's statistics (null: none), and
 * whether the rows count as in the order of the names: in reverse the rows of a name are as
 * close, so the sign does not matter; no statistics is not in order.
 */
export async function searchOrderOf(
  client: QueryClientContract = db.connection()
): Promise<{ correlation: number | null; ordered: boolean }> {
  const stats = await client.rawQuery(
    `SELECT correlation FROM pg_stats WHERE schemaname = current_schema()
      AND tablename = 'client_soldes_recherche' AND attname = 'tri_nom'`
  )
  const value = stats.rows[0]?.correlation
  const correlation = value === null || value === undefined ? null : Number(value)
  return {
    correlation,
    ordered: correlation !== null && Math.abs(correlation) >= SEARCH_ORDER_MIN_CORRELATION,
  }
}

/** pg's « lock_not_available »: lock_timeout gave up. */
const LOCK_NOT_AVAILABLE = '55P03'

/**
 * Puts client_soldes_recherche back in the order of the names when its statistics (fresh after
 * the pass's ANALYZE) say the order has drifted, or are missing; whether it did. The table is
 * locked meanwhile (about 4 s for 100 000 rows): a search or a write of a facture waits. Two
 * processes starting together: one does it; a lock held for more than 5 s: not tonight.
 */
export async function keepSearchOrder(): Promise<boolean> {
  try {
    return await db.transaction(async (trx) => {
      const lock = await trx.rawQuery(`SELECT pg_try_advisory_xact_lock(hashtext(?)) AS ok`, [
        SEARCH_ORDER_INDEX,
      ])
      if (!lock.rows[0].ok) return false
      const order = await searchOrderOf(trx)
      if (order.ordered) return false
      await trx.rawQuery(`SET LOCAL lock_timeout = '5s'`)
      await trx.rawQuery(`CLUSTER client_soldes_recherche USING ${SEARCH_ORDER_INDEX}`)
      await trx.rawQuery('ANALYZE client_soldes_recherche')
      return true
    })
  } catch (error) {
    if ((error as { code?: string }).code === LOCK_NOT_AVAILABLE) return false
    throw error
  }
}
