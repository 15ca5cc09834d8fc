/*
 * Issue 13 §2 under load, on the real server and database: 20 people drag 20 different visits
 * (each of another person) onto the SAME person at overlapping times at the same moment — the
 * exclusion constraint lets exactly one win; the 19 others get a 409 whose French message names
 * the winning visit. The same with 20 creations at once for one person: exactly one 201. Each
 * request has its own connection and transaction; no global transaction: the data is committed,
 * then everything made is removed (visits, users, clients, audit rows, notifications, and the
 * esi société if a helper made one).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { systemActor } from '#services/actor'
import { createPlanification } from '#services/planning/planification_service'
import { clientAvecChantier, makeTechnicien, sendJson } from '#tests/functional/planning/helpers'

const N = 20
const URL = '/esi/planifications'

test.group('Planning / double booking under concurrency', (group) => {
  let users: number[] = []
  let clients: number[] = []
  let lastSociete = 0
  let lastPlanification = 0

  group.each.setup(async () => {
    const s = await db.from('societes').max('id as id').first()
    lastSociete = Number(s?.id ?? 0)
    const p = await db.from('planifications').max('id as id').first()
    lastPlanification = Number(p?.id ?? 0)
  })

  group.each.teardown(async () => {
    const made = await db
      .from('planifications')
      .where('id', '>', lastPlanification)
      .where((q) => q.whereIn('client_id', clients).orWhereIn('created_by', users))
      .select('id')
    const ids = made.map((r) => r.id)
    await db
      .from('audit_logs')
      .where('subject_type', 'planification')
      .whereIn('subject_id', ids.map(String))
      .delete()
    await db.from('audit_logs').whereIn('user_id', users).delete()
    await db.from('planifications').whereIn('id', ids).delete()
    await db.from('notifications').whereIn('user_id', users).delete()
    await db.from('clients').whereIn('id_client', clients).delete()
    await User.query().whereIn('id', users).delete()
    await db.from('societes').where('id', '>', lastSociete).delete()
    users = []
    clients = []
  })

  async function staff(count: number) {
    const list = []
    for (let i = 0; i < count; i++) {
      const u = await makeTechnicien(`Personne ${i + 1}`)
      users.push(u.id)
      list.push(u)
    }
    return list
  }

  async function client() {
    const c = await clientAvecChantier()
    clients.push(Number(c.idClient))
    return Number(c.idClient)
  }

  test('20 visits dragged onto one person at once: one wins, 19 told which visit won', async ({
    client: http,
    assert,
  }) => {
    const [cible, ...autres] = await staff(N + 1)
    const clientId = await client()
    // 20 visits, each of another person, at the same time on another day
    const visites = []
    for (const [i, p] of autres.entries()) {
      visites.push(
        await createPlanification(systemActor(), {
          type: 'com',
          nature: 'rdv',
          debut: '2031-03-03T09:00',
          fin: '2031-03-03T10:00',
          personnes: [p.id],
          clientId,
          titre: `Visite concurrente ${i + 1}`,
        })
      )
    }
    // Each dragged by its own person onto the target, 3 minutes apart (all overlap)
    const answers = await Promise.all(
      visites.map((v, i) => {
        const m = String(i * 3).padStart(2, '0')
        return sendJson(http, autres[i], 'put', `${URL}/${v.id}`, {
          lock_version: v.lockVersion,
          debut: `2031-03-10T09:${m}`,
          fin: `2031-03-10T11:${m}`,
          personnes: [cible.id],
        })
      })
    )
    const statuses = answers.map((r) => r.status())
    assert.lengthOf(
      statuses.filter((s) => s === 200),
      1,
      `statuses: ${statuses.join(',')}`
    )
    assert.lengthOf(
      statuses.filter((s) => s === 409),
      N - 1,
      `statuses: ${statuses.join(',')}`
    )
    const winner = visites[statuses.indexOf(200)]
    for (const r of answers.filter((a) => a.status() === 409)) {
      assert.include(r.body().message, `« ${winner.titre} »`)
      assert.include(r.body().message, cible.name)
    }
    // The target has exactly one visit that day; the losers stayed where they were
    const slots = await db
      .from('planification_personnes')
      .where('user_id', cible.id)
      .where('actif', true)
    assert.lengthOf(slots, 1)
    assert.equal(slots[0].planification_id, winner.id)
    const moved = await db
      .from('planifications')
      .whereIn(
        'id',
        visites.map((v) => v.id)
      )
      .where('lock_version', '>', 1)
    assert.lengthOf(moved, 1)
  }).timeout(60_000)

  test('20 visits created for one person at once: exactly one 201', async ({
    client: http,
    assert,
  }) => {
    const [cible, ...auteurs] = await staff(N + 1)
    const clientId = await client()
    const answers = await Promise.all(
      auteurs.map((auteur, i) => {
        const m = String(i * 2).padStart(2, '0')
        return sendJson(http, auteur, 'post', URL, {
          type: 'com',
          nature: 'rdv',
          debut: `2031-03-12T14:${m}`,
          fin: `2031-03-12T15:${m}`,
          personnes: [cible.id],
          client_id: clientId,
          titre: `Création concurrente ${i + 1}`,
        })
      })
    )
    const statuses = answers.map((r) => r.status())
    assert.lengthOf(
      statuses.filter((s) => s === 201),
      1,
      `statuses: ${statuses.join(',')}`
    )
    assert.lengthOf(
      statuses.filter((s) => s === 409),
      N - 1,
      `statuses: ${statuses.join(',')}`
    )
    const winner = answers[statuses.indexOf(201)].body()
    for (const r of answers.filter((a) => a.status() === 409)) {
      assert.include(r.body().message, `« ${winner.titre} »`)
    }
    const rows = await db
      .from('planification_personnes')
      .where('user_id', cible.id)
      .where('actif', true)
    assert.lengthOf(rows, 1)
  }).timeout(60_000)
})
