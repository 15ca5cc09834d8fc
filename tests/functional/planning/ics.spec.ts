/*
 * Issue 13 §5: the ICS feed of a person (decision 461) — made and revoked from « Ma journée »,
 * read by its secret URL without a session, parsed back with node-ical: the person's visits with
 * stable UIDs and SEQUENCE, the times right on both sides of a DST change, a cancelled visit
 * absent, another person's visit absent, the token never stored in clear, revoked → 404.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import ical, { type VEvent } from 'node-ical'
import { DateTime } from 'luxon'
import { makeUser, withTransaction } from '#tests/helpers'
import { makeRdv, makeTechnicien, sendJson } from '#tests/functional/planning/helpers'
import { systemActor } from '#services/actor'
import { changePlanificationStatut } from '#services/planning/planification_statut'
import { hashToken, icsFeed } from '#services/planning/ics'
import { TIME_ZONE } from '#shared/app'
import limiter from '@adonisjs/limiter/services/main'
import { ICS_LIMIT } from '#controllers/public/planning_ics_controller'
import { clearTries } from '#services/throttle'

function events(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter(
    (c): c is VEvent => (c as { type?: string }).type === 'VEVENT'
  )
}

/** A local Brussels day `days` from now, at hh:mm (yyyy-mm-ddThh:mm). */
function local(days: number, time: string): string {
  return `${DateTime.now().setZone(TIME_ZONE).plus({ days }).toISODate()}T${time}`
}

async function creerUrl(client: any, user: any): Promise<string> {
  const response = await sendJson(client, user, 'post', '/esi/planning/ics', {})
  response.assertStatus(200)
  return response.body().url as string
}

test.group('Planning / ICS feed', (group) => {
  withTransaction(group)

  test('the feed lists the person’s visits, read without a session; the token is stored hashed', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien('Marc Dubois')
    const other = await makeTechnicien()
    const a = await makeRdv(tech, local(2, '09:00'), local(2, '10:30'))
    const b = await makeRdv(tech, local(3, '14:00'), local(3, '15:00'))
    const annulee = await makeRdv(tech, local(4, '09:00'), local(4, '10:00'))
    await changePlanificationStatut(systemActor(), annulee.id, {
      lockVersion: annulee.lockVersion,
      statut: 'annulee',
      motif: 'Client absent',
    })
    const autre = await makeRdv(other, local(2, '09:00'), local(2, '10:00'))
    const loin = await makeRdv(tech, local(200, '09:00'), local(200, '10:00'))

    const url = await creerUrl(client, tech)
    const token = new URL(url).pathname.split('/').pop()!
    assert.match(new URL(url).pathname, /^\/ics\/[A-Za-z0-9_-]{43}$/)
    const row = await db.from('planning_ics_jetons').where('user_id', tech.id).firstOrFail()
    assert.equal(row.token_hash, hashToken(token))
    assert.notInclude(JSON.stringify(row), token)

    const response = await client.get(new URL(url).pathname)
    response.assertStatus(200)
    assert.match(String(response.header('content-type')), /^text\/calendar/)
    assert.include(String(response.header('cache-control')), 'no-store')
    const text = response.text()
    assert.include(text, 'BEGIN:VTIMEZONE')
    assert.include(text, 'TZID:Europe/Brussels')
    const list = events(text)
    const ids = list.map((e) => e.uid)
    assert.includeMembers(
      ids,
      [a.id, b.id].map((id) => `planification-${id}@localhost`)
    )
    for (const gone of [annulee.id, autre.id, loin.id]) {
      assert.notInclude(ids, `planification-${gone}@localhost`)
    }
    const ev = list.find((e) => e.uid === `planification-${a.id}@localhost`)!
    assert.equal(ev.start.toISOString(), DateTime.fromISO(a.debut).toUTC().toISO())
    assert.equal(ev.end?.toISOString(), DateTime.fromISO(a.fin).toUTC().toISO())
    assert.equal(Number(ev.sequence), a.lockVersion)
    assert.include(String(ev.summary), 'Vandenberghe')
    assert.include(String(ev.location), 'Rue de Fer 12')
    assert.include(String(ev.description), 'Client :')
    assert.exists(ev.lastmodified)
    assert.include(text, 'GEO:50.465;4.866')
    // Read: last use written
    const used = await db.from('planning_ics_jetons').where('user_id', tech.id).firstOrFail()
    assert.isNotNull(used.last_used_at)
  })

  test('times stay right across a DST change (Europe/Brussels VTIMEZONE)', async ({ assert }) => {
    const tech = await makeTechnicien()
    // The last Sunday of March 2027 (28/03): clocks go from 02:00 to 03:00
    const avant = await makeRdv(tech, '2027-03-26T09:00', '2027-03-26T10:00')
    const apres = await makeRdv(tech, '2027-03-29T09:00', '2027-03-29T10:00')
    const text = await icsFeed(
      tech.id,
      'https://esi.example',
      DateTime.fromISO('2027-03-01') as DateTime<true>
    )
    const list = events(text)
    const byUid = new Map(list.map((e) => [e.uid, e]))
    const e1 = byUid.get(`planification-${avant.id}@esi.example`)!
    const e2 = byUid.get(`planification-${apres.id}@esi.example`)!
    assert.equal(e1.start.toISOString(), '2027-03-26T08:00:00.000Z')
    assert.equal(e2.start.toISOString(), '2027-03-29T07:00:00.000Z')
    assert.match(text, /DTSTART;TZID=Europe\/Brussels:20270326T090000/)
    assert.match(text, /DTSTART;TZID=Europe\/Brussels:20270329T090000/)
    // Stamps in UTC (never floating local times)
    assert.match(text, /DTSTAMP:\d{8}T\d{6}Z/)
    assert.match(text, /LAST-MODIFIED:\d{8}T\d{6}Z/)
  })

  test('a moved visit keeps its UID with a higher SEQUENCE', async ({ client, assert }) => {
    const tech = await makeTechnicien()
    const v = await makeRdv(tech, local(5, '09:00'), local(5, '10:00'))
    const moved = await sendJson(client, tech, 'put', `/esi/planifications/${v.id}`, {
      lock_version: v.lockVersion,
      debut: local(5, '11:00'),
      fin: local(5, '12:00'),
    })
    moved.assertStatus(200)
    const text = await icsFeed(tech.id, 'http://localhost')
    const ev = events(text).find((e) => e.uid === `planification-${v.id}@localhost`)!
    assert.equal(Number(ev.sequence), moved.body().lockVersion)
    assert.isAbove(Number(ev.sequence), v.lockVersion)
  })

  test('regenerated: the old URL is a 404; revoked: a 404; unknown or malformed: a 404', async ({
    client,
    assert,
  }) => {
    const tech = await makeTechnicien()
    const first = new URL(await creerUrl(client, tech)).pathname
    const second = new URL(await creerUrl(client, tech)).pathname
    assert.notEqual(first, second)
    const old = await client.get(first)
    old.assertStatus(404)
    const live = await client.get(second)
    live.assertStatus(200)
    const revoke = await sendJson(client, tech, 'post', '/esi/planning/ics/revoquer', {})
    revoke.assertStatus(200)
    assert.isFalse(revoke.body().ics.actif)
    const gone = await client.get(second)
    gone.assertStatus(404)
    assert.notInclude(gone.text(), 'BEGIN:VCALENDAR')
    const unknown = await client.get(`/ics/${'A'.repeat(43)}`)
    unknown.assertStatus(404)
    const malformed = await client.get('/ics/x')
    malformed.assertStatus(404)
  })

  test('making the URL needs a staff session', async ({ client }) => {
    const pro = await makeUser('pro')
    const response = await sendJson(client, pro!, 'post', '/esi/planning/ics', {})
    response.assertStatus(403)
  })

  test('throttled: past the limit per address, a 429 with Retry-After', async ({
    client,
    assert,
    cleanup,
  }) => {
    // The other tests of this file read feeds from the same address
    const clear = () => clearTries(limiter.use({ ...ICS_LIMIT }), 'ics_ip:127.0.0.1')
    await clear()
    cleanup(clear)
    const url = `/ics/${'B'.repeat(43)}`
    for (let i = 0; i < ICS_LIMIT.requests; i++) {
      const answer = await client.get(url)
      assert.equal(answer.status(), 404)
    }
    const refused = await client.get(url)
    refused.assertStatus(429)
    assert.isAbove(Number(refused.header('retry-after')), 0)
  })
})
