/*
 * Decision 760: a filtered or searched list's plan estimate is kept a minute, as the table's row
 * count is (decision 543): the second visit of the same URL sends no EXPLAIN and says the same
 * count. Statements counted at the pg driver, never timed.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { forgetTableEstimates, keptEstimate, type KeptEstimates } from '#services/list/list_count'
import { makeUser, withTransaction } from '#tests/helpers'
import { listAs } from '#tests/functional/clients/helpers'
import { statementsOf } from '#tests/functional/performance/helpers'

const explains = (sent: string[]) => sent.filter((sql) => sql.startsWith('EXPLAIN'))

test.group('Performance / kept plan estimates of the lists', (group) => {
  withTransaction(group)

  // More than EXACT_COUNT_LIMIT rows in the table's statistics: a filter is estimated by its plan
  group.each.setup(async () => {
    await db.rawQuery(
      `INSERT INTO clients (type, nom, created_at, updated_at)
       SELECT 'particulier', 'Volume ' || g, now(), now() FROM generate_series(1, 8000) g`
    )
    await db.rawQuery('ANALYZE clients')
    forgetTableEstimates()
    return async () => {
      // ANALYZE writes the table's row count outside the transaction: put back a small one
      await db.rawQuery(`DELETE FROM clients WHERE nom LIKE 'Volume %'`)
      await db.rawQuery('ANALYZE clients')
      forgetTableEstimates()
    }
  })

  test('a filter and a search: planned once, the same count on the next visit', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    for (const query of ['?filter[type]=particulier&per_page=10', '?q=volume&per_page=10']) {
      let first: any
      const firstSent = await statementsOf(async () => {
        const visit = await listAs(client, user, query)
        first = visit.props
      })
      assert.lengthOf(explains(firstSent), 1, query)
      assert.isFalse(first.clients.total.exact, query)

      let second: any
      const secondSent = await statementsOf(async () => {
        const visit = await listAs(client, user, query)
        second = visit.props
      })
      assert.lengthOf(explains(secondSent), 0, `${query}:\n${secondSent.join('\n')}`)
      assert.deepEqual(second.clients, first.clients, query)
    }
    // Another word is another query: planned
    const other = await statementsOf(() => listAs(client, user, '?q=volum&per_page=10'))
    assert.lengthOf(explains(other), 1)
    // Forgotten (after an ANALYZE that must show at once): planned again
    forgetTableEstimates()
    const again = await statementsOf(() => listAs(client, user, '?q=volume&per_page=10'))
    assert.lengthOf(explains(again), 1)
  })
})

test.group('Performance / a kept estimate', () => {
  test('a kept estimate: shared, bounded (the oldest out first), a failure not kept', async ({
    assert,
  }) => {
    const map: KeptEstimates = new Map()
    let reads = 0
    const read = (n: number) => async () => {
      reads++
      return n
    }
    const [a, b] = await Promise.all([
      keptEstimate(map, 'a', read(1), 2),
      keptEstimate(map, 'a', read(2), 2),
    ])
    assert.deepEqual([a, b, reads], [1, 1, 1])
    await keptEstimate(map, 'b', read(3), 2)
    await keptEstimate(map, 'c', read(4), 2)
    assert.deepEqual([...map.keys()], ['b', 'c'])
    assert.equal(await keptEstimate(map, 'a', read(5), 2), 5)
    assert.deepEqual([...map.keys()], ['c', 'a'])
    const failing = keptEstimate(map, 'd', () => Promise.reject(new Error('refusé')), 2)
    await assert.rejects(() => failing)
    assert.isFalse(map.has('d'))
    assert.equal(await keptEstimate(map, 'd', read(6), 2), 6)
  })
})
