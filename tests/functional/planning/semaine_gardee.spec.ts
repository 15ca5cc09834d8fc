/*
 * Issue 15 §1, decisions 700–704: the planning's week is kept ready to send while nothing it
 * shows has changed. Every write that changes what the week shows makes the next read fresh —
 * through the services, and through another connection (another process: only the numbers of
 * planning_versions, bumped by triggers in the writer's transaction, can tell this one); other
 * weeks stay kept; the lock of a week's number is taken only at COMMIT (no deadlock, no wait
 * through a drag's transaction); PLANNING_CACHE_MB bounds the memory. No global transaction:
 * the numbers move at COMMIT, so the data is committed and removed after each test.
 */
import { gunzipSync } from 'node:zlib'
import pg from 'pg'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import { systemActor } from '#services/actor'
import { changePlanificationStatut } from '#services/planning/planification_statut'
import { updatePlanification } from '#services/planning/planification_service'
import { oublierSemaines, semaineGardee, semainesGardees } from '#services/planning/semaine_gardee'
import {
  Made,
  SEMAINE_A,
  corps,
  corpsGzip,
  SEMAINE_B,
  lire,
  lireHttp,
  semaine,
  verite,
} from '#tests/functional/planning/semaine_gardee_helpers'

/** A connection of its own, as another server process would have. */
async function autreProcessus() {
  const c = new pg.Client({ connectionString: env.get('DATABASE_URL') })
  await c.connect()
  return c
}

test.group('Planning / the week kept', (group) => {
  const made = new Made()
  group.each.setup(async () => {
    oublierSemaines()
    await made.start()
  })
  group.each.teardown(async () => {
    delete process.env.PLANNING_CACHE_MB
    await made.cleanup()
    oublierSemaines()
  })

  /** The next read was built again and equals the database; returns it. */
  async function fresh(assert: any, before: Buffer, what: string): Promise<Buffer> {
    const after = await lire(SEMAINE_A)
    assert.notStrictEqual(after, before, `${what}: built again`)
    assert.notEqual(after.toString(), before.toString(), `${what}: the change shows`)
    assert.equal(after.toString(), await verite(semaine(SEMAINE_A)), `${what}: fresh`)
    return after
  }

  test('kept: the same bytes as built, identity or gzip, read once', async ({ client, assert }) => {
    const tech = await made.technicien()
    const user = await made.technicien()
    await made.visite([tech], `${SEMAINE_A}T09:00`, `${SEMAINE_A}T10:00`)
    const first = await lire(SEMAINE_A)
    assert.strictEqual(await lire(SEMAINE_A), first)
    assert.equal(first.toString(), await verite(semaine(SEMAINE_A)))
    assert.equal(await lireHttp(client, user, SEMAINE_A), first.toString())
    // A browser's request: the same JSON, gzipped once
    const end = '2031-06-09'
    const gz = await client
      .get(`/esi/planifications?type=tec&start=${SEMAINE_A}&end=${end}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .header('accept-encoding', 'gzip, deflate, br')
    gz.assertStatus(200)
    gz.assertHeader('content-encoding', 'gzip')
    gz.assertHeader('vary', 'Accept-Encoding')
    assert.equal(gz.text(), first.toString())
    const zipped = await corpsGzip(semaine(SEMAINE_A))
    assert.equal(gunzipSync(zipped).toString(), first.toString())
    assert.strictEqual(await corpsGzip(semaine(SEMAINE_A)), zipped)
  })

  test('every change of a visit or its persons makes the next read fresh', async ({ assert }) => {
    const [t1, t2] = [await made.technicien(), await made.technicien()]
    let read = await lire(SEMAINE_A)
    const v = await made.visite([t1], `${SEMAINE_A}T09:00`, `${SEMAINE_A}T10:00`)
    read = await fresh(assert, read, 'created')
    let lock = v.lockVersion
    const update = async (what: string, changes: Record<string, unknown>) => {
      const dto = await updatePlanification(systemActor(), v.id, { lockVersion: lock, ...changes })
      lock = dto.lockVersion
      read = await fresh(assert, read, what)
    }
    await update('moved', { debut: `${SEMAINE_A}T13:00`, fin: `${SEMAINE_A}T14:00` })
    await update('resized', { fin: `${SEMAINE_A}T15:00` })
    await update('a person added', { personnes: [t1.id, t2.id] })
    await update('a person removed', { personnes: [t2.id] })
    await update('its title', { titre: 'Nouveau titre' })
    await update('its notes', { notes: 'Sonner deux fois' })
    await update('its address', { adresse: 'Rue Neuve 1, 1000 Bruxelles' })
    await update('its client', { clientId: await made.client() })
    const statut = async (what: string, s: 'realisee' | 'planifiee' | 'annulee') => {
      const dto = await changePlanificationStatut(systemActor(), v.id, {
        lockVersion: lock,
        statut: s,
        motif: s === 'annulee' ? 'Client absent' : null,
      })
      lock = dto.lockVersion
      read = await fresh(assert, read, what)
    }
    await statut('réalisée', 'realisee')
    await statut('planifiée again', 'planifiee')
    await statut('annulée (gone from the week)', 'annulee')
    // Deleted (no route deletes a visit; any writer does it through the triggers)
    const w = await made.visite([t1], `${SEMAINE_A}T16:00`, `${SEMAINE_A}T17:00`)
    read = await fresh(assert, read, 'another created')
    await db.from('planifications').where('id', w.id).delete()
    read = await fresh(assert, read, 'deleted')
  })

  test('another process writes: the next read here is fresh; a rollback keeps it', async ({
    assert,
  }) => {
    const t1 = await made.technicien()
    const t2 = await made.technicien()
    const v = await made.visite([t1], `${SEMAINE_A}T09:00`, `${SEMAINE_A}T10:00`)
    let read = await lire(SEMAINE_A)
    const other = await autreProcessus()
    try {
      await other.query(
        `UPDATE planifications SET debut = debut + interval '1 hour',
        fin = fin + interval '1 hour', lock_version = lock_version + 1 WHERE id = $1`,
        [v.id]
      )
      read = await fresh(assert, read, 'moved by another process')
      await other.query(
        `INSERT INTO planification_personnes (planification_id, user_id, creneau)
         SELECT id, $2, tstzrange(debut, fin) FROM planifications WHERE id = $1`,
        [v.id, t2.id]
      )
      read = await fresh(assert, read, 'a person added by another process')
      await other.query(
        'DELETE FROM planification_personnes WHERE planification_id = $1 AND user_id = $2',
        [v.id, t2.id]
      )
      read = await fresh(assert, read, 'a person removed by another process')
      // Rolled back: nothing changed, the kept week stays
      await other.query('BEGIN')
      await other.query(`UPDATE planifications SET titre = 'jamais' WHERE id = $1`, [v.id])
      await other.query('ROLLBACK')
      assert.strictEqual(await lire(SEMAINE_A), read)
      // A column the week does not show: kept
      await other.query('UPDATE planifications SET realisee_le = now() WHERE id = $1', [v.id])
      assert.strictEqual(await lire(SEMAINE_A), read)
    } finally {
      await other.end()
    }
  })

  test('other weeks stay kept; a visit across two weeks refreshes both', async ({ assert }) => {
    const tech = await made.technicien()
    const a = await made.visite([tech], `${SEMAINE_A}T09:00`, `${SEMAINE_A}T10:00`)
    await made.visite([tech], `${SEMAINE_B}T09:00`, `${SEMAINE_B}T10:00`)
    const readA = await lire(SEMAINE_A)
    const readB = await lire(SEMAINE_B)
    await updatePlanification(systemActor(), a.id, {
      lockVersion: a.lockVersion,
      debut: `${SEMAINE_A}T11:00`,
      fin: `${SEMAINE_A}T12:00`,
    })
    assert.strictEqual(await lire(SEMAINE_B), readB)
    const newA = await fresh(assert, readA, 'moved within A')
    // Sunday evening of A to Monday morning of B: shown by both, both refreshed
    await made.visite([tech], '2031-06-08T22:00', `${SEMAINE_B}T02:00`)
    await fresh(assert, newA, 'across, week A')
    const afterB = await lire(SEMAINE_B)
    assert.notStrictEqual(afterB, readB)
    assert.equal(afterB.toString(), await verite(semaine(SEMAINE_B)))
    assert.include(afterB.toString(), '2031-06-08T22:00:00.000+02:00')
  })

  test('a week’s number is locked only at COMMIT: no wait, no deadlock', async ({ assert }) => {
    const [t1, t2, t3, t4] = [
      await made.technicien(),
      await made.technicien(),
      await made.technicien(),
      await made.technicien(),
    ]
    const a1 = await made.visite([t1], `${SEMAINE_A}T09:00`, `${SEMAINE_A}T10:00`)
    const a2 = await made.visite([t2], `${SEMAINE_A}T09:00`, `${SEMAINE_A}T10:00`)
    const b1 = await made.visite([t3], `${SEMAINE_B}T09:00`, `${SEMAINE_B}T10:00`)
    const b2 = await made.visite([t4], `${SEMAINE_B}T09:00`, `${SEMAINE_B}T10:00`)
    const [c1, c2] = [await autreProcessus(), await autreProcessus()]
    const touch = (c: pg.Client, id: number) =>
      c.query('UPDATE planifications SET lock_version = lock_version + 1 WHERE id = $1', [id])
    try {
      await c2.query(`SET lock_timeout = '2s'`)
      // c1 holds a change of week A open; c2 changes week A too and is not kept waiting
      await c1.query('BEGIN')
      await touch(c1, a1.id)
      await touch(c2, a2.id)
      // Two weeks in opposite orders: both commit (numbers bumped sorted, at COMMIT)
      await c2.query('BEGIN')
      await touch(c2, b2.id)
      await touch(c1, b1.id)
      await touch(c2, a2.id)
      await Promise.all([c1.query('COMMIT'), c2.query('COMMIT')])
    } finally {
      await c1.end()
      await c2.end()
    }
    const rows = await db
      .from('planifications')
      .whereIn('id', [a1.id, a2.id, b1.id, b2.id])
      .orderBy('id')
      .select('lock_version')
    assert.deepEqual(
      rows.map((r) => r.lock_version),
      [2, 3, 2, 2]
    )
  })

  test('PLANNING_CACHE_MB bounds what is kept, 0 keeps nothing', async ({ assert }) => {
    const tech = await made.technicien()
    for (let day = 0; day < 7; day++) {
      const d = `2031-06-0${2 + day}`
      await made.visite([tech], `${d}T09:00`, `${d}T10:00`)
    }
    const day = (d: number) => {
      const q = semaine(SEMAINE_A)
      return { ...q, start: q.start.plus({ days: d }), end: q.start.plus({ days: d + 1 }) }
    }
    const firstBody = await corps(day(0))
    const one = firstBody.byteLength
    oublierSemaines()
    // Room for about three days' bodies (each must be under a quarter of the bound)
    process.env.PLANNING_CACHE_MB = String((one * 4.5) / 1024 / 1024)
    const first = await corps(day(0))
    for (let d = 1; d < 7; d++) await semaineGardee(day(d))
    const kept = semainesGardees()
    assert.isAtMost(kept.bytes, one * 4.5)
    assert.isBelow(kept.count, 7)
    // The least recently used went first; the last one stays
    assert.notStrictEqual(await corps(day(0)), first)
    const last = await corps(day(6))
    assert.strictEqual(await corps(day(6)), last)
    process.env.PLANNING_CACHE_MB = '0'
    oublierSemaines()
    const a = await corps(day(6))
    assert.notStrictEqual(await corps(day(6)), a)
    assert.deepEqual(semainesGardees(), { count: 0, bytes: 0 })
  })
})
