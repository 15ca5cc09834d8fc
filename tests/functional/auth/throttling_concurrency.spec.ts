/*
 * Attempt limits under concurrency (issue 10 §3): the try is counted atomically before the
 * password or code is checked, so parallel requests against the real server get at most 5
 * checks per account; a dummy recovery code does not lift the second factor's limit; one IP
 * gets at most 30 failed logins a minute across accounts.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { Visitor, wrongTotpOf } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import { PENDING_LOGIN_KEY } from '#services/http/auth_session'

const THROTTLED = /^Trop de tentatives\. Veuillez réessayer dans \d+ secondes?\.$/
const JSON_ACCEPT = { accept: 'application/json' }

const pending = (user: User) => ({
  [PENDING_LOGIN_KEY]: { userId: user.id, remember: false, at: Date.now() },
})

async function countAudits(action: string, where: (q: any) => void) {
  const rows = await AuditLog.query().where('action', action).where(where)
  return rows.length
}

test.group('Auth / throttling under concurrency', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('30 parallel wrong passwords for one account: at most 5 checked, the rest 429', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const visitor = new Visitor()
    await visitor.get('/login')
    const responses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        visitor.post('/login', { email: user.email, password: `faux-${i}` }, JSON_ACCEPT)
      )
    )
    const checked = await countAudits('auth.login_failed', (q) =>
      q.whereRaw(`after->>'email' = ?`, [user.email])
    )
    assert.isAtMost(checked, 5)
    const throttled = responses.filter((r) => r.status === 429)
    assert.isAtLeast(throttled.length, 25)
    const body = (await throttled[0].json()) as { message: string }
    assert.match(body.message, THROTTLED)
    // Even the right password waits now
    const right = await visitor.post(
      '/login',
      { email: user.email, password: TEST_PASSWORD },
      JSON_ACCEPT
    )
    assert.equal(right.status, 429)
  })

  test('one IP: at most 30 failed logins a minute across accounts, then a wait', async ({
    assert,
  }) => {
    const visitor = new Visitor()
    await visitor.get('/login')
    const stamp = Date.now()
    const emails = Array.from({ length: 40 }, (_, i) => `inconnu-${stamp}-${i}@example.test`)
    const responses = await Promise.all(
      emails.map((email) => visitor.post('/login', { email, password: 'faux' }, JSON_ACCEPT))
    )
    const checked = await countAudits('auth.login_failed', (q) =>
      q.whereRaw(`after->>'email' like ?`, [`inconnu-${stamp}-%`])
    )
    assert.isAtMost(checked, 30)
    assert.isAtLeast(responses.filter((r) => r.status === 429).length, 10)

    // Another account, right password, same IP: it waits too, with the French message
    const user = await makeUser('pro')
    const blocked = await visitor.post(
      '/login',
      { email: user.email, password: TEST_PASSWORD },
      JSON_ACCEPT
    )
    assert.equal(blocked.status, 429)
    const body = (await blocked.json()) as { message: string }
    assert.match(body.message, THROTTLED)
  })

  test('successful logins do not count against the IP ceiling', async ({ client }) => {
    const user = await makeUser('pro')
    for (let i = 0; i < 32; i++) {
      const response = await client
        .post('/login')
        .form({ email: user.email, password: TEST_PASSWORD })
        .withCsrfToken()
        .redirects(0)
      response.assertHeader('location', '/dashboard')
    }
  })

  test('30 parallel wrong codes, each with a dummy recovery code: at most 5 checked', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const wrong = wrongTotpOf(user)
    const responses = await Promise.all(
      Array.from({ length: 30 }, () =>
        client
          .post('/two-factor-challenge')
          .withSession(pending(user))
          .header('referer', '/two-factor-challenge')
          .form({ code: wrong, recovery_code: 'abcde-fghij' })
          .withCsrfToken()
          .redirects(0)
      )
    )
    const checked = await countAudits('auth.two_factor_failed', (q) =>
      q.where('subject_id', user.id)
    )
    assert.isAtMost(checked, 5)
    const throttled = responses.filter((r) =>
      THROTTLED.test(String((r.flashMessage('inputErrorsBag') as any)?.code?.[0]))
    )
    assert.isAtLeast(throttled.length, 25)
  })

  test('30 parallel wrong password confirmations: at most 5 checked', async ({ assert }) => {
    const user = await makeUser('pro')
    const visitor = new Visitor()
    const login = await visitor.login(user.email, TEST_PASSWORD)
    assert.equal(login.headers.get('location'), '/dashboard')
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        visitor.post(
          '/confirm-password',
          { password: `faux-${i}` },
          { referer: '/confirm-password' }
        )
      )
    )
    const checked = await countAudits('auth.password_confirm_failed', (q) =>
      q.where('subject_id', user.id)
    )
    assert.isAtMost(checked, 5)
    assert.isAtLeast(checked, 1)
  })
})
