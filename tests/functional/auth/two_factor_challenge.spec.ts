/*
 * The login's second step (FrontTwoFactorChallenge): nothing is logged in until a valid TOTP
 * code or recovery code; a code cannot be replayed in its time step, a recovery code works
 * once (ASVS 6.5.1); 5 tries a minute; a new session id once logged in (ASVS 7.2.4).
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { nextTotpOf, totpOf, wrongTotpOf } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import type User from '#models/user'
import { PENDING_LOGIN_KEY, PENDING_LOGIN_TTL_MS } from '#services/http/auth_session'
import {
  BAD_CODE_MESSAGE,
  BAD_RECOVERY_CODE_MESSAGE,
  CHALLENGE_EXPIRED_MESSAGE,
} from '#controllers/auth/two_factor_challenge_controller'

/** The session of a user whose password was just accepted. */
const pending = (user: User, at = Date.now()) => ({
  [PENDING_LOGIN_KEY]: { userId: user.id, remember: false, at },
})

function challenge(client: any, session: Record<string, unknown>, body: Record<string, unknown>) {
  return client
    .post('/two-factor-challenge')
    .withSession(session)
    .header('referer', '/two-factor-challenge')
    .form(body)
    .withCsrfToken()
    .redirects(0)
}

async function recoveryCodes(client: any, user: User): Promise<string[]> {
  const response = await client
    .post('/user/two-factor-recovery-codes')
    .loginAs(user)
    .withSession(recentProofs())
    .withCsrfToken()
    .redirects(0)
  return response.flashMessage('two_factor_recovery_codes')
}

test.group('Two-factor / login challenge', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the right password only opens the challenge: nobody is logged in yet', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const response = await client
      .post('/login')
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertHeader('location', '/two-factor-challenge')
    assert.notExists(response.session('auth_web'))
    assert.equal(response.session(PENDING_LOGIN_KEY).userId, user.id)

    const page = await client
      .get('/two-factor-challenge')
      .withSession(response.session())
      .withInertia()
    page.assertInertiaComponent('Auth/FrontTwoFactorChallenge')
    const dashboard = await client.get('/dashboard').withSession(response.session()).redirects(0)
    dashboard.assertHeader('location', '/login')
  })

  test('a wrong code is refused in French and audit-logged', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const wrong = wrongTotpOf(user)
    const response = await challenge(client, pending(user), { code: wrong })
    response.assertHeader('location', '/two-factor-challenge')
    response.assertFlashMessage('inputErrorsBag', { code: [BAD_CODE_MESSAGE] })
    assert.notExists(response.session('auth_web'))
    const row = await AuditLog.query()
      .where('action', 'auth.two_factor_failed')
      .where('user_id', user.id)
      .first()
    assert.isNotNull(row)
    assert.notInclude(JSON.stringify(row!.serialize()), wrong)
  })

  test('the right code logs in with a new session id, audit-logged', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const request = challenge(client, pending(user), { code: totpOf(user) })
    const before = (request as any).sessionClient.sessionId as string
    const response = await request
    response.assertHeader('location', '/dashboard')
    assert.equal(response.session('auth_web'), user.id)
    assert.notExists(response.session(PENDING_LOGIN_KEY))
    const after = response.cookie('esi-session')?.value
    assert.exists(after)
    assert.notEqual(after, before)
    const row = await AuditLog.query()
      .where('action', 'auth.login')
      .where('user_id', user.id)
      .first()
    assert.deepEqual(row!.after, { via: 'password+totp' })
  })

  test('the same code cannot be used twice in its time step, nor an older one', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const code = nextTotpOf(user)
    const first = await challenge(client, pending(user), { code })
    assert.equal(first.session('auth_web'), user.id)

    const replay = await challenge(client, pending(user), { code })
    replay.assertFlashMessage('inputErrorsBag', { code: [BAD_CODE_MESSAGE] })
    assert.notExists(replay.session('auth_web'))
    // The current step is older than the one just used: refused too
    const older = await challenge(client, pending(user), { code: totpOf(user) })
    assert.notExists(older.session('auth_web'))
  })

  test('a recovery code works once, then it is refused', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const codes = await recoveryCodes(client, user)
    const used = await challenge(client, pending(user), { recovery_code: codes[3].toUpperCase() })
    assert.equal(used.session('auth_web'), user.id)
    await user.refresh()
    assert.lengthOf(user.twoFactorRecoveryCodes!, 7)
    const row = await AuditLog.query()
      .where('action', 'auth.two_factor_recovery_used')
      .where('user_id', user.id)
      .first()
    assert.deepEqual(row!.after, { left: 7 })

    const again = await challenge(client, pending(user), { recovery_code: codes[3] })
    again.assertFlashMessage('inputErrorsBag', { recovery_code: [BAD_RECOVERY_CODE_MESSAGE] })
    assert.notExists(again.session('auth_web'))
    const other = await challenge(client, pending(user), { recovery_code: codes[4] })
    assert.equal(other.session('auth_web'), user.id)
  })

  test('without a password step, or after 5 minutes, back to the login form', async ({
    client,
  }) => {
    const user = await makeUser('esi')
    const none = await challenge(client, {}, { code: totpOf(user) })
    none.assertHeader('location', '/login')
    none.assertFlashMessage('error', CHALLENGE_EXPIRED_MESSAGE)
    const stale = await challenge(client, pending(user, Date.now() - PENDING_LOGIN_TTL_MS - 1000), {
      code: totpOf(user),
    })
    stale.assertHeader('location', '/login')
    stale.assertFlashMessage('error', CHALLENGE_EXPIRED_MESSAGE)
    const page = await client.get('/two-factor-challenge').redirects(0)
    page.assertHeader('location', '/login')
  })

  test('five wrong codes a minute, then even the right one waits', async ({ client, assert }) => {
    const user = await makeUser('esi')
    for (let i = 0; i < 5; i++) await challenge(client, pending(user), { code: wrongTotpOf(user) })
    const blocked = await challenge(client, pending(user), { code: totpOf(user) })
    assert.notExists(blocked.session('auth_web'))
    assert.match(
      String((blocked.flashMessage('inputErrorsBag') as any)?.code?.[0]),
      /^Trop de tentatives\. Veuillez réessayer dans \d+ secondes\.$/
    )
  })
})
