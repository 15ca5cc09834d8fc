/*
 * The dashboards' pre-aggregates (migrations 0870–0871, decisions 640 and 642) stay equal to a
 * recomputation from their tables after random sequences (fast-check) of writes: bdcs signed,
 * unsigned, re-dated, repriced, several at once, deleted, made by the real life cycle
 * (bdcs_signes_jour); factures made, re-dated and repriced as drafts, issued by the service,
 * paid, deleted (factures_emises_jour); clients made, moved from one apporteur to another, all
 * at once, deleted (apporteur_clients); and compactions between them.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { dayOf2026, instantOf2026 } from '#tests/fixtures/arbitraries'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { issued, libreDraft } from '#tests/functional/factures/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { SocieteFactory } from '#database/factories/societe_factory'
import { compactStats } from '#services/devis_list/devis_stats'
import Facture from '#models/facture'

/** Each aggregate as stored (deltas summed per key, zero keys left out), then recomputed. */
const CHECKS = {
  bdcs: [
    `SELECT jour::text AS k, sum(n)::bigint AS n, sum(ttc)::bigint AS m FROM bdcs_signes_jour
     GROUP BY 1 HAVING sum(n) <> 0 OR sum(ttc) <> 0 ORDER BY 1`,
    // Written apart from the trigger's SQL: timezone() and FILTER
    `SELECT timezone('Europe/Brussels', signe_le)::date::text AS k,
       count(*) FILTER (WHERE statut = 'signe')::bigint AS n,
       coalesce(sum(total_ttc) FILTER (WHERE statut = 'signe'), 0)::bigint AS m
     FROM bdcs WHERE signe_le IS NOT NULL
     GROUP BY 1 HAVING count(*) FILTER (WHERE statut = 'signe') > 0 ORDER BY 1`,
  ],
  factures: [
    `SELECT jour::text AS k, sum(n)::bigint AS n, sum(ht)::bigint AS m FROM factures_emises_jour
     GROUP BY 1 HAVING sum(n) <> 0 OR sum(ht) <> 0 ORDER BY 1`,
    `SELECT date_facture::text AS k, count(numero)::bigint AS n,
       coalesce(sum(total_ht) FILTER (WHERE numero IS NOT NULL), 0)::bigint AS m
     FROM factures WHERE date_facture IS NOT NULL
     GROUP BY 1 HAVING count(numero) > 0 ORDER BY 1`,
  ],
  clients: [
    `SELECT apporteur_id AS k, sum(n)::bigint AS n FROM apporteur_clients
     GROUP BY 1 HAVING sum(n) <> 0 ORDER BY 1`,
    `SELECT apporteur_id AS k, count(*)::bigint AS n FROM clients
     WHERE apporteur_id IS NOT NULL GROUP BY 1 ORDER BY 1`,
  ],
}

async function assertCurrent(assert: any, message: string) {
  for (const [name, [stored, recomputed]] of Object.entries(CHECKS)) {
    // One after the other: the test's global transaction is one connection
    const a = await db.rawQuery(stored)
    const b = await db.rawQuery(recomputed)
    assert.deepEqual(a.rows, b.rows, `${name}: ${message}`)
  }
}

const instant = instantOf2026(60)
const day = dayOf2026(60)
const amount = fc.integer({ min: 0, max: 5_000_000 })
const bdcStatut = fc.constantFrom('a_signer', 'signe', 'annule')

const op = fc.oneof(
  fc.record({ kind: fc.constant('bdc' as const) }),
  fc.record({
    kind: fc.constant('bdc_update' as const),
    pick: fc.nat(),
    set: fc.record(
      { statut: bdcStatut, signe_le: fc.option(instant), total_ttc: amount },
      { requiredKeys: [] }
    ),
  }),
  fc.record({ kind: fc.constant('bdc_bulk' as const), from: bdcStatut, to: bdcStatut }),
  fc.record({ kind: fc.constant('bdc_shift' as const), days: fc.integer({ min: -3, max: 3 }) }),
  fc.record({ kind: fc.constant('bdc_delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('draft' as const), date: fc.option(day), ht: amount }),
  fc.record({
    kind: fc.constant('draft_update' as const),
    pick: fc.nat(),
    set: fc.record({ date_facture: fc.option(day), total_ht: amount }, { requiredKeys: [] }),
  }),
  fc.record({ kind: fc.constant('drafts_all' as const), add: fc.integer({ min: 0, max: 1000 }) }),
  fc.record({ kind: fc.constant('issue' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('pay' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('draft_delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('client' as const), apporteur: fc.nat(3) }),
  fc.record({ kind: fc.constant('client_move' as const), pick: fc.nat(), apporteur: fc.nat(3) }),
  fc.record({ kind: fc.constant('clients_all' as const), apporteur: fc.nat(3) }),
  fc.record({ kind: fc.constant('client_delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('compact' as const) })
)

test.group('Dashboards / pre-aggregates', (group) => {
  withTransaction(group)

  test('equal a recomputation after random sequences of writes', async ({ assert }) => {
    const societes = await SocieteFactory.createMany(3)
    // Index 0: no apporteur
    const apporteurs = [null, ...societes.map((s) => s.id)]
    const bdcs: number[] = []
    const drafts: number[] = []
    const factures: number[] = []
    const clients: number[] = []
    const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined)
    // A few of each to start with, so the updates have rows to change
    for (let i = 0; i < 3; i++) {
      const bdc = await makeBdc()
      bdcs.push(bdc.id)
      const draft = await libreDraft()
      drafts.push(draft.id)
      const client = await ClientFactory.merge({ apporteurId: apporteurs[i + 1] }).create()
      clients.push(client.idClient)
    }
    const first = await issued(await Facture.findOrFail(drafts.shift()!))
    factures.push(first.id)
    await assertCurrent(assert, 'at start')

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'bdc') {
            const bdc = await makeBdc()
            bdcs.push(bdc.id)
          } else if (o.kind === 'bdc_update' && Object.keys(o.set).length) {
            const id = pick(bdcs, o.pick)
            if (id) await db.from('bdcs').where('id', id).update(o.set)
          } else if (o.kind === 'bdc_bulk' && bdcs.length) {
            await db
              .from('bdcs')
              .whereIn('id', bdcs)
              .where('statut', o.from)
              .update({ statut: o.to, signe_le: db.raw('coalesce(signe_le, now())') })
          } else if (o.kind === 'bdc_shift' && bdcs.length) {
            await db
              .from('bdcs')
              .whereIn('id', bdcs)
              .update({ signe_le: db.raw('signe_le + make_interval(days => ?)', [o.days]) })
          } else if (o.kind === 'bdc_delete') {
            const id = pick(bdcs, o.pick)
            if (id) {
              await db.from('bdcs').where('id', id).delete()
              bdcs.splice(bdcs.indexOf(id), 1)
            }
          } else if (o.kind === 'draft') {
            const draft = await libreDraft()
            await db
              .from('factures')
              .where('id', draft.id)
              .update({ date_facture: o.date, total_ht: o.ht })
            drafts.push(draft.id)
          } else if (o.kind === 'draft_update' && Object.keys(o.set).length) {
            const id = pick(drafts, o.pick)
            if (id) await db.from('factures').where('id', id).update(o.set)
          } else if (o.kind === 'drafts_all' && drafts.length) {
            await db
              .from('factures')
              .whereIn('id', drafts)
              .update({ total_ht: db.raw('total_ht + ?', [o.add]) })
          } else if (o.kind === 'issue') {
            const id = pick(drafts, o.pick)
            if (id) {
              await issued(await Facture.findOrFail(id))
              drafts.splice(drafts.indexOf(id), 1)
              factures.push(id)
            }
          } else if (o.kind === 'pay') {
            // A payment moves the statut and the amount paid, never the turnover
            const id = pick(factures, o.pick)
            if (id)
              await db
                .from('factures')
                .where('id', id)
                .update({ statut: 'payee', montant_paye: db.raw('total_ttc') })
          } else if (o.kind === 'draft_delete') {
            const id = pick(drafts, o.pick)
            if (id) {
              await db.from('factures').where('id', id).delete()
              drafts.splice(drafts.indexOf(id), 1)
            }
          } else if (o.kind === 'client') {
            const client = await ClientFactory.merge({
              apporteurId: apporteurs[o.apporteur],
            }).create()
            clients.push(client.idClient)
          } else if (o.kind === 'client_move') {
            const id = pick(clients, o.pick)
            if (id)
              await db
                .from('clients')
                .where('id_client', id)
                .update({ apporteur_id: apporteurs[o.apporteur] })
          } else if (o.kind === 'clients_all' && clients.length) {
            await db
              .from('clients')
              .whereIn('id_client', clients)
              .update({ apporteur_id: apporteurs[o.apporteur] })
          } else if (o.kind === 'client_delete') {
            const id = pick(clients, o.pick)
            if (id) {
              await db.from('clients').where('id_client', id).delete()
              clients.splice(clients.indexOf(id), 1)
            }
          } else if (o.kind === 'compact') {
            await db.rawQuery('SELECT dashboard_jour_compact()')
            await db.rawQuery('SELECT apporteur_clients_compact()')
          }
        }
        await assertCurrent(assert, JSON.stringify(ops))
      }),
      { numRuns: 25 }
    )
  }).timeout(300_000)
})

test.group('Dashboards / pre-aggregates, compaction', () => {
  test('the nightly pass folds the deltas and vacuums: the sums are unchanged', async ({
    assert,
  }) => {
    // Outside a transaction: VACUUM cannot run in one
    const read = async () => {
      const rows = []
      for (const [stored] of Object.values(CHECKS)) {
        const result = await db.rawQuery(stored)
        rows.push(result.rows)
      }
      return rows
    }
    const before = await read()
    await compactStats()
    const after = await read()
    assert.deepEqual(after, before)
    await assertCurrent(assert, 'after compactStats')
  }).timeout(60_000)
})
