/*
 * Decision 705: the planner's row estimate of a word search comes from the histogram of the
 * stored `recherche` column; 300 entries (migration 0886) instead of 100 keep a frequent word
 * from being estimated at almost nothing, which made the list count and sort every match.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'

const SEARCHED = ['clients', 'devis', 'factures', 'commandes']

test.group('Performance / statistics of the search columns', () => {
  test('the recherche column of each large list keeps 300 histogram entries', async ({
    assert,
  }) => {
    const { rows } = await db.rawQuery(
      `SELECT c.relname, a.attstattarget FROM pg_attribute a JOIN pg_class c ON c.oid = a.attrelid
        WHERE a.attname = 'recherche' AND c.relname = ANY (?) AND c.relkind = 'r'`,
      [SEARCHED]
    )
    assert.deepEqual(
      Object.fromEntries(rows.map((r: any) => [r.relname, Number(r.attstattarget)])),
      Object.fromEntries(SEARCHED.map((t) => [t, 300]))
    )
  })
})
