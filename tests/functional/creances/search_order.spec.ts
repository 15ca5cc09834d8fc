/*
 * client_soldes_recherche kept in the order of the names (migration 0930, decision 832): the
 * nightly pass puts its rows back in the order of `tri_nom` when they have drifted, and leaves
 * them when they have not. A search's figures do not depend on it.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { factureLate } from '#tests/functional/creances/helpers'
import {
  SEARCH_ORDER_MIN_CORRELATION,
  keepSearchOrder,
} from '#services/creances/creance_search_order'

/** The clients in the order of their rows in the table, and in the order of the names. */
async function orders() {
  const { rows } = await db.rawQuery(`SELECT client_id FROM client_soldes_recherche ORDER BY ctid`)
  const { rows: sorted } = await db.rawQuery(
    `SELECT client_id FROM client_soldes_recherche ORDER BY tri_nom, client_id`
  )
  return {
    physical: rows.map((r: { client_id: string }) => Number(r.client_id)),
    byName: sorted.map((r: { client_id: string }) => Number(r.client_id)),
  }
}

async function correlation(): Promise<number> {
  await db.rawQuery('ANALYZE client_soldes_recherche')
  const { rows } = await db.rawQuery(
    `SELECT correlation FROM pg_stats WHERE schemaname = current_schema()
      AND tablename = 'client_soldes_recherche' AND attname = 'tri_nom'`
  )
  return Number(rows[0].correlation)
}

test.group('Créances / search order', (group) => {
  withTransaction(group)

  test('the nightly pass puts the rows back in the order of the names, once', async ({
    assert,
  }) => {
    // Each client's row is written with its first facture: in an order that is not the names'
    const names = ['Lambert', 'Dubois', 'Wouters', 'Claes', 'Peeters', 'Maes', 'Jacobs', 'Mertens']
    const order = [5, 0, 7, 2, 4, 1, 6, 3]
    for (const i of order) {
      const client = await ClientFactory.merge({ nom: names[i], prenom: 'Ordre' }).create()
      await factureLate(client, 10)
    }
    const before = await orders()
    assert.notDeepEqual(before.physical, before.byName)
    assert.isBelow(Math.abs(await correlation()), SEARCH_ORDER_MIN_CORRELATION)

    assert.isTrue(await keepSearchOrder())
    const after = await orders()
    assert.deepEqual(after.physical, after.byName)
    assert.sameMembers(after.physical, before.physical)

    // In order now: the next pass leaves the table as it is
    const places = await db.rawQuery(`SELECT ctid::text FROM client_soldes_recherche ORDER BY 1`)
    assert.isFalse(await keepSearchOrder())
    const unchanged = await db.rawQuery(`SELECT ctid::text FROM client_soldes_recherche ORDER BY 1`)
    assert.deepEqual(unchanged.rows, places.rows)
  })
})
