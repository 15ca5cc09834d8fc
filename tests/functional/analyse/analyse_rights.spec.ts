/*
 * The analyses are staff only (issue 14 §3): every page and export refused to a pro and an
 * ordinary user (403, no figure in the answer), a guest sent to the login, a staff member without
 * two-factor sent to set it up; one export at a time is limited like the other exports.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makePersona, makeUser, withTransaction } from '#tests/helpers'
import { ACTION_LIMITS } from '#services/throttle'

const URLS = [
  '/esi/analyse/chiffre-affaires',
  '/esi/analyse/rentabilite',
  '/esi/analyse/acceptation',
  '/esi/analyse/techniciens',
]
const ALL = URLS.flatMap((u) => [`${u}?du=2031-01-01&au=2031-03-31`, `${u}/export?format=xlsx`])

test.group('Analyse / rights', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  for (const persona of ['pro', 'other'] as const) {
    test(`a ${persona} user is refused every analyse (403)`, async ({ client, assert }) => {
      const user = (await makePersona(persona))!
      for (const url of ALL) {
        const response = await client.get(url).loginAs(user).redirects(0)
        assert.equal(response.status(), 403, url)
        assert.notInclude(response.text(), 'total_ht', url)
      }
    })
  }

  test('a guest goes to the login, a staff member without 2FA to its setup', async ({
    client,
    assert,
  }) => {
    for (const url of ALL) {
      const response = await client.get(url).redirects(0)
      assert.equal(response.status(), 302, url)
      assert.match(response.header('location') ?? '', /login/, url)
    }
    const no2fa = (await makePersona('esi_no_2fa'))!
    for (const url of ALL) {
      const response = await client.get(url).loginAs(no2fa).redirects(0)
      assert.notEqual(response.status(), 200, url)
    }
  })

  test('staff open every page; the exports are limited per user', async ({ client, assert }) => {
    const user = await makeUser('esi')
    for (const url of URLS) {
      const page = await client.get(url).loginAs(user).withInertia()
      assert.equal(page.status(), 200, url)
    }
    const max = ACTION_LIMITS.exportPerUser.requests
    const statuses: number[] = []
    for (let i = 0; i < max; i++) {
      const response = await client
        .get(`${URLS[i % 4]}/export`)
        .loginAs(user)
        .redirects(0)
      statuses.push(response.status())
    }
    assert.deepEqual(statuses, Array(max).fill(200))
    const refused = await client
      .get(`${URLS[0]}/export`)
      .header('referer', URLS[0])
      .loginAs(user)
      .redirects(0)
    refused.assertStatus(302)
    assert.match(String(refused.flashMessage('error')), /^Trop d’exports en peu de temps\./)
  })
})
