/*
 * The analyses' read replica (issue 15 §4): with a `pg_read` connection (DB_READ_URL; here the
 * same server, as a replica would be), the four reports answer and their queries run on it; the
 * connection is read-only, so no write can ever land there.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { analyseAs } from '#tests/functional/analyse/helpers'
import { readReplicaConnection } from '#config/database'
import { READ_CONNECTION } from '#services/analyse/reads'

const REPORTS = [
  ['/esi/analyse/chiffre-affaires', 'esi/analyse/ChiffreAffaires'],
  ['/esi/analyse/rentabilite', 'esi/analyse/Rentabilite'],
  ['/esi/analyse/acceptation', 'esi/analyse/Acceptation'],
  ['/esi/analyse/techniciens', 'esi/analyse/Techniciens'],
] as const

/** The last statement of each session the replica connection holds (pg_stat_activity). */
async function replicaQueries(): Promise<string[]> {
  const result = await db.rawQuery(
    `SELECT query FROM pg_stat_activity
      WHERE application_name = 'esi-analyses' AND datname = current_database()`
  )
  return result.rows.map((r: { query: string }) => r.query)
}

test.group('Production / read replica of the analyses', (group) => {
  withTransaction(group)
  group.setup(() => {
    db.manager.add(READ_CONNECTION, readReplicaConnection(process.env.DATABASE_URL!))
    return async () => {
      await db.manager.close(READ_CONNECTION)
      db.manager.release(READ_CONNECTION)
    }
  })
  group.each.setup(() => limiter.clear())

  test('the four reports answer, their queries on the replica', async ({ client, assert }) => {
    const user = await makeUser('esi')
    for (const [path, component] of REPORTS) {
      const { response } = await analyseAs(client, user, path, '?du=2031-01-01&au=2031-03-31')
      response.assertStatus(200)
      response.assertInertiaComponent(component)
    }
    const queries = await replicaQueries()
    assert.isNotEmpty(queries)
    // Only the reports' reads went there (not the session, the user or the audit)
    for (const query of queries) assert.notMatch(query, /\b(insert|update|delete)\b/i)
  })

  test('the replica connection refuses any write', async ({ assert }) => {
    const error = await db
      .connection(READ_CONNECTION)
      .rawQuery(`INSERT INTO document_counters (serie, annee, dernier) VALUES ('replica', 1, 1)`)
      .then(() => null)
      .catch((e) => e)
    assert.equal(error?.code, '25006') // read_only_sql_transaction
  })
})
