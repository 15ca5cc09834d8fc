/*
 * Login throttling (ASVS 6.3.1, Fortify's default): 5 tries a minute per lower(email)+IP, then
 * a French message with the wait next to the email field (429 JSON for API callers); another
 * address is not held; a success clears the count.
 */
import { test } from '@japa/runner'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'
import { BAD_CREDENTIALS_MESSAGE } from '#controllers/auth/session_controller'

const THROTTLED = /^Trop de tentatives\. Veuillez réessayer dans (\d+) secondes\.$/

function login(client: any, email: string, password: string) {
  return client
    .post('/login')
    .header('referer', '/login')
    .form({ email, password })
    .withCsrfToken()
    .redirects(0)
}

const emailError = (response: any) => String(response.flashMessage('inputErrorsBag')?.email?.[0])

test.group('Auth / login throttling', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the 6th try in a minute is refused, even with the right password, with the wait', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    for (let i = 1; i <= 5; i++) {
      const wrong = await login(client, user.email, `faux-${i}`)
      assert.equal(emailError(wrong), BAD_CREDENTIALS_MESSAGE, `try ${i}`)
    }
    const sixth = await login(client, user.email.toUpperCase(), TEST_PASSWORD)
    sixth.assertHeader('location', '/login')
    assert.notExists(sixth.session('auth_web'))
    const match = emailError(sixth).match(THROTTLED)
    assert.exists(match, emailError(sixth))
    assert.isAtLeast(Number(match![1]), 50)
    assert.isAtMost(Number(match![1]), 60)
    assert.isNotNull(
      await AuditLog.query()
        .where('action', 'auth.login_throttled')
        .whereRaw(`after->>'email' = ?`, [user.email.toUpperCase()])
        .first()
    )
  })

  test('another address from the same place is not held', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const other = await makeUser('pro')
    for (let i = 0; i < 6; i++) await login(client, user.email, 'faux')
    const response = await login(client, other.email, TEST_PASSWORD)
    response.assertHeader('location', '/dashboard')
    assert.equal(response.session('auth_web'), other.id)
  })

  test('an API caller gets 429 JSON with Retry-After', async ({ client, assert }) => {
    const user = await makeUser('pro')
    for (let i = 0; i < 5; i++) await login(client, user.email, 'faux')
    const response = await client
      .post('/login')
      .header('accept', 'application/json')
      .json({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(429)
    assert.match(response.body().message, THROTTLED)
    assert.isAbove(Number(response.header('retry-after')), 0)
  })

  test('a successful login clears the count', async ({ client, assert }) => {
    const user = await makeUser('pro')
    for (let i = 0; i < 4; i++) await login(client, user.email, 'faux')
    const success = await login(client, user.email, TEST_PASSWORD)
    success.assertHeader('location', '/dashboard')
    for (let i = 0; i < 4; i++) await login(client, user.email, 'faux')
    const response = await login(client, user.email, TEST_PASSWORD)
    assert.equal(response.session('auth_web'), user.id)
  })

  test('failed logins are audit-logged without the password', async ({ client, assert }) => {
    const user = await makeUser('pro')
    await login(client, user.email, 'mot-de-passe-secret-tape')
    const row = await AuditLog.query()
      .where('action', 'auth.login_failed')
      .whereRaw(`after->>'email' = ?`, [user.email])
      .first()
    assert.isNotNull(row)
    assert.notInclude(JSON.stringify(row!.serialize()), 'mot-de-passe-secret-tape')
  })
})
