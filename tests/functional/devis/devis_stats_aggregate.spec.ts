/*
 * The devis statistics' pre-aggregate (devis_stats_jour, migration 0865, decision 556) stays
 * equal to a recomputation from the devis themselves after every kind of write: random
 * sequences (fast-check) of inserts, single-column and multi-column updates, statements touching
 * several devis, deletes and compactions; then the app's own writes (create, save of the lines,
 * statut changes, revision, delete); and the statistics page gives the same figures before and
 * after a compaction. Two saves of one devis at once still conflict (the triggers add no lock).
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { dayOf2026, instantOf2026 } from '#tests/fixtures/arbitraries'
import { makeDevis, statsAs } from '#tests/functional/devis/devis_list_helpers'
import { DEVIS_STATUTS } from '#shared/devis'
import { assertCurrent } from '#tests/functional/devis/stats_helpers'

const instant = instantOf2026(364)
const day = dayOf2026(364)
const statut = fc.constantFrom(...DEVIS_STATUTS)
const amount = fc.integer({ min: 0, max: 5_000_000 })

const op = fc.oneof(
  fc.record({
    kind: fc.constant('insert' as const),
    date: day,
    statut,
    ht: amount,
    commercial: fc.nat(2),
    envoye: fc.option(instant),
    accepte: fc.option(instant),
  }),
  fc.record({
    kind: fc.constant('update' as const),
    pick: fc.nat(),
    set: fc.record(
      {
        statut,
        date_devis: day,
        envoye_le: fc.option(instant),
        accepte_le: fc.option(instant),
        total_ht: amount,
        total_ttc: amount,
        commercial: fc.nat(2),
        objet: fc.constant('Seulement l’objet'),
      },
      { requiredKeys: [] }
    ),
  }),
  fc.record({ kind: fc.constant('bulk' as const), from: statut, to: statut }),
  fc.record({ kind: fc.constant('shift' as const), days: fc.integer({ min: -40, max: 40 }) }),
  fc.record({ kind: fc.constant('delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('compact' as const) })
)

test.group('Devis statistics / pre-aggregate', (group) => {
  withTransaction(group)

  test('equals a recomputation after random sequences of writes', async ({ assert }) => {
    const commercials = [null, await makeUser('esi'), await makeUser('esi')]
    const ids: number[] = []
    await assertCurrent(assert, 'at start')
    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 10 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'insert') {
            const d = await makeDevis({
              date: o.date,
              statut: o.statut,
              ht: o.ht,
              commercial: commercials[o.commercial] ?? undefined,
              envoyeLe: o.envoye ?? undefined,
              accepteLe: o.accepte ?? undefined,
            })
            ids.push(d.id)
          } else if (o.kind === 'update' && ids.length) {
            const { commercial, ...set } = o.set
            const values: Record<string, unknown> = { ...set }
            if (commercial !== undefined) values.commercial_id = commercials[commercial]?.id ?? null
            if (Object.keys(values).length) {
              await db
                .from('devis')
                .where('id', ids[o.pick % ids.length])
                .update(values)
            }
          } else if (o.kind === 'bulk' && ids.length) {
            await db
              .from('devis')
              .whereIn('id', ids)
              .where('statut', o.from)
              .update({ statut: o.to, total_ht: db.raw('total_ht + 1') })
          } else if (o.kind === 'shift' && ids.length) {
            await db.rawQuery(
              `UPDATE devis SET date_devis = date_devis + ?::int,
                 envoye_le = envoye_le + make_interval(days => ?::int) WHERE id = ANY(?)`,
              [o.days, o.days, ids]
            )
          } else if (o.kind === 'delete' && ids.length) {
            const [id] = ids.splice(o.pick % ids.length, 1)
            await db.from('devis').where('id', id).delete()
          } else if (o.kind === 'compact') {
            await db.rawQuery('SELECT devis_stats_compact()')
          }
        }
        await assertCurrent(assert, JSON.stringify(ops))
      }),
      { numRuns: 25 }
    )
  }).timeout(120_000)

  test('a write that changes no counted figure adds no row', async ({ assert }) => {
    const d = await makeDevis({ date: '2026-04-01', statut: 'envoye', envoyeLe: '2026-04-02' })
    const count = async () => {
      const [row] = await db.from('devis_stats_jour').count('* as n')
      return Number(row.n)
    }
    const before = await count()
    await db.from('devis').where('id', d.id).update({ objet: 'Autre objet', lock_version: 7 })
    assert.equal(await count(), before)
    await db.from('devis').where('id', d.id).update({ total_ht: 1 })
    assert.isAbove(await count(), before)
    await assertCurrent(assert, 'after the total changed')
  })

  test('the statistics give the same figures before and after a compaction', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    for (const [i, s] of ['accepte', 'refuse', 'envoye', 'brouillon'].entries()) {
      const d = await makeDevis({
        date: `2026-0${i + 2}-10`,
        statut: 'envoye',
        ht: 1000 * (i + 1),
        commercial: user,
        envoyeLe: `2026-0${i + 2}-11T22:30:00Z`,
      })
      await db
        .from('devis')
        .where('id', d.id)
        .update({ statut: s, accepte_le: s === 'accepte' ? '2026-03-01T10:00:00Z' : null })
    }
    const query = '?du=2026-01-01&au=2026-12-31'
    const first = await statsAs(client, user, query)
    const before = first.props.stats
    await db.rawQuery('SELECT devis_stats_compact()')
    const second = await statsAs(client, user, query)
    const after = second.props.stats
    assert.deepEqual(after, before)
    const mine = before.par_commercial.find((c: any) => c.commercial_id === user.id)
    assert.deepInclude(mine, { crees: 4, envoyes: 4, acceptes: 1, refuses: 1 })
    await assertCurrent(assert, 'after the compaction')
  })
})
