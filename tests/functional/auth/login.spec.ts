import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'

test.group('Auth / login', (group) => {
  withTransaction(group)

  test('the login page renders Auth/Login', async ({ client }) => {
    const response = await client.get('/login').withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Auth/Login')
  })

  test('good credentials log in, redirect to the dashboard and are audit-logged', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const response = await client
      .post('/login')
      .form({ email: user.email.toUpperCase(), password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/dashboard')
    const row = await AuditLog.query()
      .where('action', 'auth.login')
      .where('user_id', user.id)
      .first()
    assert.isNotNull(row)
  })

  test('a wrong password keeps the email and shows a French error next to the field', async ({
    client,
  }) => {
    const user = await makeUser('pro')
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: user.email, password: 'wrong-password' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('inputErrorsBag', {
      email: ['Ces identifiants ne correspondent à aucun compte.'],
    })
  })

  test('an unknown email gets the very same answer as a wrong password (no enumeration)', async ({
    client,
  }) => {
    const response = await client
      .post('/login')
      .header('referer', '/login')
      .form({ email: 'personne@example.com', password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertFlashMessage('inputErrorsBag', {
      email: ['Ces identifiants ne correspondent à aucun compte.'],
    })
    response.assertFlashMessage('email', 'personne@example.com')
    response.assertFlashMissing('password')
  })

  test('logging in gives a new session id (no session fixation, ASVS 7.2.4)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const request = client
      .post('/login')
      .form({ email: user.email, password: TEST_PASSWORD })
      .withCsrfToken()
      .redirects(0)
    const before = (request as any).sessionClient.sessionId as string
    const response = await request
    response.assertStatus(302)
    const after = response.cookie('esi-session')?.value
    assert.exists(after)
    assert.notEqual(after, before)
    assert.equal(response.session('auth_web'), user.id)
  })

  test('a login POST without CSRF token answers 419', async ({ client }) => {
    const response = await client
      .post('/login')
      .form({ email: 'a@b.c', password: 'x' })
      .redirects(0)
    response.assertStatus(419)
  })
})
