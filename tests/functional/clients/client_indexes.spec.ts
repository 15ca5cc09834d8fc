/*
 * The list queries use their indexes (reference §C3): for every sort key, both directions, the
 * first page, a keyset page and the last page are an index scan with no Sort step, and a search
 * goes through the trigram index. Sequential scans, bitmap scans and sorts are penalised so the
 * plan on a small test table shows whether an index CAN serve the query (same expression, order).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { ProduitFactory } from '#database/factories/produit_factory'
import { orderedExprs, pageQuery, type SortColumns } from '#services/list/keyset'
import {
  CLIENT_SORT_COLUMNS,
  parseClientListParams,
  withColumns as clientRows,
} from '#services/clients/client_list'
import {
  PRODUIT_SORT_COLUMNS,
  parseProduitListParams,
  withColumns as produitRows,
} from '#services/produits/produit_list'
import { CLIENT_SORT_KEYS } from '#shared/clients'
import { PRODUIT_SORT_KEYS } from '#shared/produits'

async function plan(sql: string): Promise<string> {
  const result = await db.rawQuery(`EXPLAIN ${sql}`)
  return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
}

async function checkSorts(
  assert: any,
  keys: readonly string[],
  columns: SortColumns,
  rows: (sort: string) => () => any
) {
  // Sorting is only penalised: a Sort node left in the plan means no index gives that order
  await db.rawQuery('SET LOCAL enable_seqscan = off')
  await db.rawQuery('SET LOCAL enable_bitmapscan = off')
  await db.rawQuery('SET LOCAL enable_sort = off')
  for (const key of keys) {
    for (const desc of [false, true]) {
      const sort = [{ key, desc }]
      const exprs = orderedExprs(sort, columns)
      const values = exprs.map((e) =>
        e.cast === 'timestamptz' ? '2026-01-01 00:00:00+00' : e.cast === 'text' ? 'm' : '1'
      )
      const build = rows(`${desc ? '-' : ''}${key}`)
      for (const [after, reversed] of [
        [null, false],
        [true, false],
        [false, true],
        [null, true],
      ] as const) {
        const sql = pageQuery({ build, exprs, values, after, reversed, limit: 26 }).toQuery()
        const text = await plan(sql)
        const label = `${desc ? '-' : ''}${key} after=${after} reversed=${reversed}`
        assert.notMatch(text, /\bSort\b/, `${label}\n${text}`)
        assert.match(text, /Index (Only )?Scan/, `${label}\n${text}`)
      }
    }
  }
}

test.group('Clients and produits / list queries use their indexes', (group) => {
  withTransaction(group)

  test('every client sort key, both directions, first / keyset / last page', async ({ assert }) => {
    await ClientFactory.createMany(5)
    await db.rawQuery('ANALYZE clients')
    await checkSorts(assert, CLIENT_SORT_KEYS, CLIENT_SORT_COLUMNS, (sort) =>
      clientRows(parseClientListParams({ sort }))
    )
  })

  test('a filter by type keeps -id_client on its index', async ({ assert }) => {
    await db.rawQuery('SET LOCAL enable_seqscan = off')
    const params = parseClientListParams({ sort: '-id_client', filter: { type: 'professionnel' } })
    const exprs = orderedExprs(params.sort, CLIENT_SORT_COLUMNS)
    const sql = pageQuery({
      build: clientRows(params),
      exprs,
      values: null,
      after: null,
      reversed: true,
      limit: 26,
    }).toQuery()
    const text = await plan(sql)
    assert.notMatch(text, /\bSort\b/, text)
  })

  test('a client search goes through the trigram index', async ({ assert }) => {
    // Only bitmap scans left: the question is whether the GIN index applies to the LIKE
    await db.rawQuery('SET LOCAL enable_seqscan = off')
    await db.rawQuery('SET LOCAL enable_indexscan = off')
    const params = parseClientListParams({ q: 'dupont namur', sort: 'nom' })
    const text = await plan(clientRows(params)().toQuery())
    assert.match(text, /clients_recherche_trgm/, text)
  })

  test('every product sort key, both directions', async ({ assert }) => {
    await ProduitFactory.createMany(3)
    await checkSorts(assert, PRODUIT_SORT_KEYS, PRODUIT_SORT_COLUMNS, (sort) =>
      produitRows(parseProduitListParams({ sort }))
    )
    await db.rawQuery('SET LOCAL enable_bitmapscan = on')
    await db.rawQuery('SET LOCAL enable_indexscan = off')
    const search = produitRows(parseProduitListParams({ q: 'chassis' }))().toQuery()
    assert.match(await plan(search), /produits_recherche_trgm/)
  })
})
