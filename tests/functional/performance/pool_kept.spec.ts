/*
 * The app's pool keeps two warm connections when idle (decision 856): a pool built with the
 * app's settings (config/database.ts APP_POOL), its idle timeout shortened from 30 s to 100 ms,
 * opens four connections at once, then idles past the timeout. Two backends stay, and the next
 * query runs on one of them, not on a new backend with cold caches. With `min: 0` none stays.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { APP_POOL } from '#config/database'

const NAME = 'pool_kept_test'
const APPLICATION = 'esi-pool-kept-test'

/** The backends the test pool holds open (pg_stat_activity, seen from the app's connection). */
async function backends(): Promise<number[]> {
  const result = await db.rawQuery(
    `SELECT pid FROM pg_stat_activity WHERE application_name = ? AND datname = current_database()`,
    [APPLICATION]
  )
  return result.rows.map((r: { pid: number }) => r.pid).sort()
}

test.group('Performance / the pool keeps warm connections', (group) => {
  group.setup(() => {
    // Named so that pg_stat_activity tells its backends apart (not a fresh literal: the
    // connection type does not list pg's `application_name`)
    const connection = { connectionString: process.env.DATABASE_URL, application_name: APPLICATION }
    db.manager.add(NAME, {
      client: 'pg',
      connection,
      pool: { ...APP_POOL, max: 4, idleTimeoutMillis: 100, reapIntervalMillis: 20 },
    })
    return async () => {
      await db.manager.close(NAME)
      db.manager.release(NAME)
    }
  })

  test('after a pause longer than the idle timeout, two connections are still open', async ({
    assert,
  }) => {
    assert.isAtLeast(APP_POOL.max, 2)
    const pool = db.connection(NAME)
    // Four at once: the pool opens four backends
    const pids = await Promise.all(
      [0, 1, 2, 3].map(async () => {
        const result = await pool.rawQuery('SELECT pg_backend_pid() AS pid, pg_sleep(0.05)')
        return result.rows[0].pid as number
      })
    )
    assert.lengthOf(new Set(pids), 4)
    assert.lengthOf(await backends(), 4)

    // Idle for ten times the timeout: the reaper closes all but the minimum
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    const kept = await backends()
    assert.lengthOf(kept, 2, 'the pool keeps two connections open')

    // The next query runs on a kept backend, not on a new one
    const next = await pool.rawQuery('SELECT pg_backend_pid() AS pid')
    assert.include(kept, next.rows[0].pid)
    assert.deepEqual(await backends(), kept)
  }).timeout(30_000)
})
