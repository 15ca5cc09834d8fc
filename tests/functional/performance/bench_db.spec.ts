/*
 * `npm run bench` loads a fresh copy of its volume database each run (decision 848): what one
 * run writes is gone at the next, the source is never written, and a database of the copy's
 * name that the bench did not make is refused, never dropped. On the test server, with a small
 * source database made here.
 */
import { test } from '@japa/runner'
import pg from 'pg'
import db from '@adonisjs/lucid/services/db'
import { freshRunCopy, runCopyName } from '../../../scripts/lib/bench_db.js'

const SOURCE = 'esi_bench_db_spec'

/** The test server's URL, on database `name`. */
function urlOf(name: string): string {
  const { connection } = db.getRawConnection(db.primaryConnectionName)!.config as any
  const url = connection.connectionString
    ? new URL(connection.connectionString)
    : new URL(
        `postgres://${encodeURIComponent(connection.user)}:${encodeURIComponent(connection.password ?? '')}@${connection.host}:${connection.port}`
      )
  url.pathname = `/${name}`
  return url.toString()
}

async function on<T>(name: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: urlOf(name) })
  await client.connect()
  try {
    return await fn(client)
  } finally {
    await client.end()
  }
}

const rows = (name: string) =>
  on(name, async (c) => {
    const result = await c.query('select n from mesures order by n')
    return result.rows.map((r) => r.n)
  })

async function dropAll() {
  await on('postgres', async (c) => {
    for (const name of [SOURCE, runCopyName(SOURCE)]) {
      await c.query(`drop database if exists "${name}" with (force)`)
    }
  })
}

test.group('Performance / the bench measures a fresh copy', (group) => {
  group.each.setup(async () => {
    await dropAll()
    await on('postgres', (c) => c.query(`create database "${SOURCE}"`))
    await on(SOURCE, (c) => c.query('create table mesures (n int); insert into mesures values (1)'))
    return dropAll
  })

  test('a run’s writes are gone at the next run, the source untouched', async ({ assert }) => {
    const copy = await freshRunCopy(pg, urlOf('postgres'), SOURCE)
    assert.equal(copy, `${SOURCE}_run`)
    assert.deepEqual(await rows(copy), [1])
    await on(copy, (c) => c.query('insert into mesures values (2), (3)'))
    assert.deepEqual(await rows(copy), [1, 2, 3])

    // The next run: its copy again as the source holds it
    const again = await freshRunCopy(pg, urlOf('postgres'), SOURCE)
    assert.equal(again, copy)
    assert.deepEqual(await rows(again), [1])
    assert.deepEqual(await rows(SOURCE), [1])
  })

  test('a database of the copy’s name the bench did not make is refused and kept', async ({
    assert,
  }) => {
    const copy = runCopyName(SOURCE)
    await on('postgres', (c) => c.query(`create database "${copy}"`))
    await on(copy, (c) => c.query('create table mesures (n int); insert into mesures values (42)'))
    await assert.rejects(
      () => freshRunCopy(pg, urlOf('postgres'), SOURCE),
      /n’a pas été faite par le bench/
    )
    assert.deepEqual(await rows(copy), [42])
  })
})
