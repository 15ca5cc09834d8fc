/*
 * Saves really at the same time (committed data, no global test transaction: each request has
 * its own connection), since the statistics' triggers (decision 556) write in every devis save:
 * two saves of one devis from the same version still give one 200 and one 409, the first's lines
 * kept; saves of different devis counted on the same day, commercial and statut all succeed (no
 * shared aggregate row to wait on, no deadlock); the pre-aggregate equals a recomputation after.
 * Also: the app's connections plan no parallel query (decision 557).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import type User from '#models/user'
import type Client from '#models/client'
import { makeUser } from '#tests/helpers'
import {
  api,
  devisBody,
  ligne,
  makeClient,
  makeDevis,
} from '#tests/functional/devis/editor_helpers'
import { assertCurrent } from '#tests/functional/devis/stats_helpers'

test.group('Devis save / concurrency with the statistics triggers', (group) => {
  const made: { users: User[]; clients: Client[]; devis: Devis[] } = {
    users: [],
    clients: [],
    devis: [],
  }
  group.each.teardown(async () => {
    await db
      .from('audit_logs')
      .whereIn(
        'subject_id',
        made.devis.map((d) => d.id)
      )
      .where('subject_type', 'devis')
      .delete()
    await db
      .from('devis')
      .whereIn(
        'id',
        made.devis.map((d) => d.id)
      )
      .delete()
    await db
      .from('clients')
      .whereIn(
        'id_client',
        made.clients.map((c) => c.idClient)
      )
      .delete()
    await db
      .from('users')
      .whereIn(
        'id',
        made.users.map((u) => u.id)
      )
      .delete()
    made.users = []
    made.clients = []
    made.devis = []
  })

  test('two saves of one devis at once: one 200, one 409, the winner kept', async ({
    client,
    assert,
  }) => {
    const alice = await makeUser('esi', { name: 'Alice Simultanée' })
    const bob = await makeUser('esi', { name: 'Bob Simultané' })
    const c = await makeClient()
    const devis = await makeDevis(alice, c)
    made.users.push(alice, bob)
    made.clients.push(c)
    made.devis.push(devis)
    const opened = devis.lockVersion

    const save = (user: User, designation: string, prix: string) =>
      api(client.put(`/esi/devis/${devis.id}`), user).json(
        devisBody(c, {
          lock_version: opened,
          objet: designation,
          lignes: [ligne({ designation, prix_unitaire_ht: prix })],
        })
      )
    const responses = await Promise.all([
      save(alice, 'Version d’Alice', '1 000'),
      save(bob, 'Version de Bob', '2 000'),
    ])
    const statuses = responses.map((r) => r.status()).sort()
    assert.deepEqual(statuses, [200, 409])
    const winner = responses.find((r) => r.status() === 200)!
    const stored = await Devis.findOrFail(devis.id)
    assert.equal(stored.lockVersion, opened + 1)
    assert.equal(winner.body().lock_version, stored.lockVersion)
    const lignes = await DevisLigne.query().where('devis_id', devis.id)
    assert.lengthOf(lignes, 1)
    assert.equal(lignes[0].designation, stored.objet)
    await assertCurrent(assert, 'after two saves at once')
  }).timeout(60_000)

  test('ten devis of one commercial and day saved at once all succeed', async ({
    client,
    assert,
  }) => {
    const alice = await makeUser('esi', { name: 'Alice Dix' })
    const c = await makeClient()
    made.users.push(alice)
    made.clients.push(c)
    const all = []
    for (let i = 0; i < 10; i++) all.push(await makeDevis(alice, c))
    made.devis.push(...all)

    const responses = await Promise.all(
      all.map((d, i) =>
        api(client.put(`/esi/devis/${d.id}`), alice).json(
          devisBody(c, {
            lock_version: d.lockVersion,
            lignes: [ligne({ prix_unitaire_ht: String(100 + i) })],
          })
        )
      )
    )
    assert.deepEqual(
      responses.map((r) => r.status()),
      all.map(() => 200)
    )
    const totals = await Devis.query()
      .whereIn(
        'id',
        all.map((d) => d.id)
      )
      .orderBy('id')
    assert.deepEqual(
      totals.map((d) => d.totalHt),
      all.map((_, i) => (100 + i) * 2 * 100)
    )
    await assertCurrent(assert, 'after ten saves at once')
  }).timeout(60_000)

  test('the app’s connections plan no parallel query', async ({ assert }) => {
    const result = await db.rawQuery('SHOW max_parallel_workers_per_gather')
    assert.equal(result.rows[0].max_parallel_workers_per_gather, '0')
  })
})
