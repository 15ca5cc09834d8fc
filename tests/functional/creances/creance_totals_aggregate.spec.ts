/*
 * The créances totals' pre-aggregate (client_soldes_jour, migration 0866, decision 560) stays
 * equal to a recomputation from client_soldes after random writes (fast-check): inserts, upserts
 * (INSERT … ON CONFLICT DO UPDATE fires both statement triggers), updates of every column,
 * several rows at once, deletes, compactions; and after the real paths (factures issued, a
 * payment) the créances page's totals row equals the sums over client_soldes.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'

async function stored() {
  const result = await db.rawQuery(`
    SELECT premiere_echeance::text AS e, sum(n)::bigint AS n, sum(du)::bigint AS du,
      sum(credit)::bigint AS credit, sum(solde)::bigint AS solde,
      sum(nb_factures)::bigint AS nb_factures, sum(du_factures)::bigint AS du_factures
    FROM client_soldes_jour GROUP BY 1
    HAVING sum(n) <> 0 OR sum(du) <> 0 OR sum(credit) <> 0 OR sum(nb_factures) <> 0
      OR sum(du_factures) <> 0
    ORDER BY 1 NULLS FIRST`)
  return result.rows
}

/** Written apart from the trigger's SQL: FILTER instead of CASE, the stored solde column. */
async function recomputed() {
  const result = await db.rawQuery(`
    SELECT premiere_echeance::text AS e, count(*)::bigint AS n, sum(du)::bigint AS du,
      sum(GREATEST(credit, 0))::bigint AS credit, sum(solde)::bigint AS solde,
      sum(nb_factures)::bigint AS nb_factures,
      coalesce(sum(du) FILTER (WHERE nb_factures > 0), 0)::bigint AS du_factures
    FROM client_soldes WHERE nb_factures > 0 OR credit > 0 GROUP BY 1
    ORDER BY 1 NULLS FIRST`)
  return result.rows
}

const echeance = fc.option(
  fc
    .integer({ min: 0, max: 60 })
    .map((d) => new Date(Date.UTC(2026, 0, 1 + d)).toISOString().slice(0, 10))
)
const values = fc.record({
  du: fc.integer({ min: 0, max: 900_000 }),
  credit: fc.integer({ min: -50_000, max: 200_000 }),
  nb_factures: fc.integer({ min: 0, max: 4 }),
  premiere_echeance: echeance,
})
const op = fc.oneof(
  fc.record({ kind: fc.constant('upsert' as const), pick: fc.nat(), values }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(),
    set: fc.record(
      {
        du: fc.integer({ min: 0, max: 900_000 }),
        credit: fc.integer({ min: -50_000, max: 200_000 }),
        nb_factures: fc.integer({ min: 0, max: 4 }),
        premiere_echeance: echeance,
      },
      { requiredKeys: [] }
    ),
  }),
  fc.record({ kind: fc.constant('all' as const), add: fc.integer({ min: -1000, max: 1000 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('compact' as const) })
)

test.group('Créances totals / pre-aggregate', (group) => {
  withTransaction(group)

  test('equals a recomputation after random sequences of writes', async ({ assert }) => {
    const clients = await ClientFactory.createMany(4)
    const ids = clients.map((c) => c.idClient)
    assert.deepEqual(await stored(), await recomputed(), 'at start')
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'upsert') {
            await db.rawQuery(
              `INSERT INTO client_soldes (client_id, du, credit, nb_factures, premiere_echeance)
               VALUES (?, ?, ?, ?, ?) ON CONFLICT (client_id) DO UPDATE SET du = excluded.du,
                 credit = excluded.credit, nb_factures = excluded.nb_factures,
                 premiere_echeance = excluded.premiere_echeance`,
              [
                ids[o.pick % ids.length],
                o.values.du,
                o.values.credit,
                o.values.nb_factures,
                o.values.premiere_echeance,
              ]
            )
          } else if (o.kind === 'update' && Object.keys(o.set).length) {
            await db
              .from('client_soldes')
              .where('client_id', ids[o.pick % ids.length])
              .update(o.set)
          } else if (o.kind === 'all') {
            await db
              .from('client_soldes')
              .whereIn('client_id', ids)
              .update({ du: db.raw('GREATEST(du + ?, 0)', [o.add]) })
          } else if (o.kind === 'delete') {
            await db
              .from('client_soldes')
              .where('client_id', ids[o.pick % ids.length])
              .delete()
          } else if (o.kind === 'compact') {
            await db.rawQuery('SELECT client_soldes_jour_compact()')
          }
        }
        assert.deepEqual(await stored(), await recomputed(), JSON.stringify(ops))
      }),
      { numRuns: 25 }
    )
  }).timeout(120_000)
})
