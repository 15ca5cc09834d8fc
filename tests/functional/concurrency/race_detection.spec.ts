/*
 * The database the tests run on must show races, or the concurrency tests prove nothing (the
 * former embedded PGlite shared one session between all connections, so a racy numbering passed
 * there). Mutation check: the same load as the numbering test, on a deliberately racy counter
 * (read, then write back + 1, without the row lock of nextNumero), must lose updates here; the
 * real counter (an atomic upsert under the row lock) must not.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

const RUNS = 20

async function resetCounter() {
  await db.rawQuery('DROP TABLE IF EXISTS test_race_counter')
  await db.rawQuery('CREATE TABLE test_race_counter (id int PRIMARY KEY, dernier int NOT NULL)')
  await db.rawQuery('INSERT INTO test_race_counter VALUES (1, 0)')
}

async function finalValue(): Promise<number> {
  const { rows } = await db.rawQuery('SELECT dernier FROM test_race_counter WHERE id = 1')
  return Number(rows[0].dernier)
}

test.group('Concurrency / the test database shows races', (group) => {
  group.each.teardown(async () => {
    await db.rawQuery('DROP TABLE IF EXISTS test_race_counter')
  })

  test('a racy read-then-write counter loses numbers under concurrent transactions', async ({
    assert,
  }) => {
    await resetCounter()
    const taken = await Promise.all(
      Array.from({ length: RUNS }, () =>
        db.transaction(async (trx) => {
          const { rows } = await trx.rawQuery('SELECT dernier FROM test_race_counter WHERE id = 1')
          const next = Number(rows[0].dernier) + 1
          // The window a real request has between reading and writing (other queries, rendering)
          await trx.rawQuery('SELECT pg_sleep(0.02)')
          await trx.rawQuery('UPDATE test_race_counter SET dernier = ? WHERE id = 1', [next])
          return next
        })
      )
    )
    // Several transactions took the same number: this is what the numbering test must catch
    assert.isBelow(new Set(taken).size, RUNS)
    assert.isBelow(await finalValue(), RUNS)
  }).timeout(30_000)

  test('the locked upsert of nextNumero gives every transaction its own number', async ({
    assert,
  }) => {
    await resetCounter()
    const taken = await Promise.all(
      Array.from({ length: RUNS }, () =>
        db.transaction(async (trx) => {
          const { rows } = await trx.rawQuery(
            'UPDATE test_race_counter SET dernier = dernier + 1 WHERE id = 1 RETURNING dernier'
          )
          await trx.rawQuery('SELECT pg_sleep(0.02)')
          return Number(rows[0].dernier)
        })
      )
    )
    assert.deepEqual(
      [...taken].sort((a, b) => a - b),
      Array.from({ length: RUNS }, (_, i) => i + 1)
    )
    assert.equal(await finalValue(), RUNS)
  }).timeout(30_000)
})
