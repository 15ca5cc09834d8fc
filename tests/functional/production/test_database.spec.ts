/*
 * `npm test` hands the suite one database URL whichever server it runs on (decision 850): with
 * DATABASE_URL, "<name>_test" on that server; without, the same on the throwaway embedded
 * PostgreSQL. Tests that open their own connections (a second session holding a lock, a worker
 * process, a replica) read DATABASE_URL, so it must name the very database the app uses. Before
 * 850 the embedded run set only DB_*, and those tests failed there with « Invalid URL ».
 */
import { test } from '@japa/runner'
import pg from 'pg'
import db from '@adonisjs/lucid/services/db'

test.group('Production / the suite’s database', () => {
  test('DATABASE_URL names the database the app’s connection uses', async ({ assert }) => {
    const url = process.env.DATABASE_URL
    assert.isString(url, 'npm test sets DATABASE_URL on every server')

    const client = new pg.Client({ connectionString: url })
    await client.connect()
    try {
      const own = await client.query(
        'select current_database() as name, inet_server_port() as port'
      )
      const app = await db.rawQuery('select current_database() as name, inet_server_port() as port')
      assert.deepEqual(own.rows[0], app.rows[0])
      assert.match(own.rows[0].name, /_test(_\d+)?$/)
    } finally {
      await client.end()
    }
  })
})
