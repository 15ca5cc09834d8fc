/*
 * `npm run bench` loads a fresh copy of its volume database each run (decision 848): what one
 * run writes is gone at the next, the source is never written, and a database of the copy's
 * name that the bench did not make is refused, never dropped. On the test server, with a small
 * source database made here.
 */
import { test } from '@japa/runner'
import pg from 'pg'
import { freshRunCopy, runCopyName } from '../../../scripts/lib/bench_db.js'
import {
  databaseUrl,
  dropDatabase,
  freshDatabase,
} from '#tests/functional/production/cluster_helpers'

async function on<T>(name: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl(name) })
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

test.group('Performance / the bench measures a fresh copy', (group) => {
  let source: string
  group.each.setup(async () => {
    const made = await freshDatabase('bench_db_spec')
    source = made.name
    await on(source, (c) => c.query('create table mesures (n int); insert into mesures values (1)'))
    return async () => {
      await dropDatabase(runCopyName(source))
      await made.drop()
    }
  })

  test('a run’s writes are gone at the next run, the source untouched', async ({ assert }) => {
    const copy = await freshRunCopy(pg, databaseUrl('postgres'), source)
    assert.equal(copy, `${source}_run`)
    assert.deepEqual(await rows(copy), [1])
    await on(copy, (c) => c.query('insert into mesures values (2), (3)'))
    assert.deepEqual(await rows(copy), [1, 2, 3])

    // The next run: its copy again as the source holds it
    const again = await freshRunCopy(pg, databaseUrl('postgres'), source)
    assert.equal(again, copy)
    assert.deepEqual(await rows(again), [1])
    assert.deepEqual(await rows(source), [1])
  })

  test('a database of the copy’s name the bench did not make is refused and kept', async ({
    assert,
  }) => {
    const foreign = await freshDatabase('bench_db_spec_run')
    assert.equal(foreign.name, runCopyName(source))
    await on(foreign.name, (c) =>
      c.query('create table mesures (n int); insert into mesures values (42)')
    )
    await assert.rejects(
      () => freshRunCopy(pg, databaseUrl('postgres'), source),
      /n’a pas été faite par le bench/
    )
    assert.deepEqual(await rows(foreign.name), [42])
  })
})
