/*
 * Password confirmation (ASVS 7.5.1): sensitive actions ask for the password again when it was
 * last given more than 3 hours ago, then come back to where the user was.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { Visitor } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import { PASSWORD_CONFIRMED_KEY, PASSWORD_TIMEOUT_MS } from '#services/http/auth_session'
import { WRONG_PASSWORD_MESSAGE } from '#controllers/auth/confirm_password_controller'
import { PasswordConfirmationRequiredException } from '#exceptions/http_exceptions'

const confirmedAgo = (ms: number) => ({ [PASSWORD_CONFIRMED_KEY]: Date.now() - ms })

function enableTwoFactor(client: any, session: Record<string, unknown>) {
  return client
    .post('/user/two-factor-authentication')
    .withSession(session)
    .header('referer', '/profile')
    .withCsrfToken()
    .redirects(0)
}

test.group('Auth / confirm password', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('older than 3 hours: sent to /confirm-password, nothing done', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const stale = await enableTwoFactor(client, confirmedAgo(PASSWORD_TIMEOUT_MS + 1000)).loginAs(
      user
    )
    stale.assertStatus(302)
    stale.assertHeader('location', '/confirm-password')
    await user.refresh()
    assert.isNull(user.twoFactorSecret)

    const never = await enableTwoFactor(client, {}).loginAs(user)
    never.assertHeader('location', '/confirm-password')
  })

  test('younger than 3 hours: the action runs', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const fresh = await enableTwoFactor(client, confirmedAgo(PASSWORD_TIMEOUT_MS - 60_000)).loginAs(
      user
    )
    fresh.assertHeader('location', '/profile')
    await user.refresh()
    assert.isNotNull(user.twoFactorSecret)
  })

  test('confirming the password comes back to the page, and the action then passes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const asked = await enableTwoFactor(client, confirmedAgo(PASSWORD_TIMEOUT_MS + 1000)).loginAs(
      user
    )
    asked.assertHeader('location', '/confirm-password')

    const page = await client.get('/confirm-password').withSession(asked.session()).withInertia()
    page.assertInertiaComponent('Auth/ConfirmPassword')

    const wrong = await client
      .post('/confirm-password')
      .withSession(asked.session())
      .header('referer', '/confirm-password')
      .form({ password: 'pas-le-bon' })
      .withCsrfToken()
      .redirects(0)
    wrong.assertHeader('location', '/confirm-password')
    wrong.assertFlashMessage('inputErrorsBag', { password: [WRONG_PASSWORD_MESSAGE] })
    assert.isNotNull(
      await AuditLog.query()
        .where('action', 'auth.password_confirm_failed')
        .where('user_id', user.id)
        .first()
    )

    const right = await client
      .post('/confirm-password')
      .withSession(asked.session())
      .form({ password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    right.assertHeader('location', '/profile')
    assert.closeTo(right.session(PASSWORD_CONFIRMED_KEY) as number, Date.now(), 5000)

    const done = await enableTwoFactor(client, right.session())
    done.assertHeader('location', '/profile')
    await user.refresh()
    assert.isNotNull(user.twoFactorSecret)
  })

  test('an API call gets 423 JSON with the URL to follow', async ({ client, assert }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const response = await client
      .put('/api/user/role')
      .loginAs(user)
      .withSession(confirmedAgo(PASSWORD_TIMEOUT_MS + 1000))
      .header('referer', 'http://localhost/dashboard')
      .json({ droit: null })
      .withCsrfToken()
    response.assertStatus(423)
    response.assertBody({
      message: PasswordConfirmationRequiredException.message,
      confirm_url: '/confirm-password',
    })
    await user.refresh()
    assert.equal(user.droit, 'admin')
  })

  test('typing the password at login counts as a confirmation', async ({ assert }) => {
    const user = await makeUser('pro')
    const browser = new Visitor()
    await browser.login(user.email, TEST_PASSWORD)
    await browser.get('/dashboard')
    const response = await browser.post(
      '/user/two-factor-authentication',
      {},
      { referer: `${browser.base}/profile` }
    )
    assert.equal(response.headers.get('location'), `${browser.base}/profile`)
    await user.refresh()
    assert.isNotNull(user.twoFactorSecret)
  })

  test('five wrong passwords a minute, then a wait', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const attempt = (password: string) =>
      client.post('/confirm-password').loginAs(user).form({ password }).withCsrfToken().redirects(0)
    for (let i = 0; i < 5; i++) await attempt('faux')
    const blocked = await attempt(TEST_PASSWORD)
    assert.match(
      String((blocked.flashMessage('inputErrorsBag') as any)?.password?.[0]),
      /^Trop de tentatives\. Veuillez réessayer dans \d+ secondes\.$/
    )
    assert.notExists(blocked.session(PASSWORD_CONFIRMED_KEY))
  })
})
