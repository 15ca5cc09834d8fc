/*
 * Registration (ASVS 6.2: length rules, no mass assignment) and logout (ASVS 7.4.1: the session
 * really ends, only by POST), and the guest pages a logged-in user no longer sees.
 */
import { test } from '@japa/runner'
import hash from '@adonisjs/core/services/hash'
import { makeUser, withTransaction } from '#tests/helpers'
import User from '#models/user'
import AuditLog from '#models/audit_log'
import { LOGIN_REQUIRED_MESSAGE } from '#services/http/http_errors'

const GOOD = {
  name: 'Jeanne Dupont',
  email: 'jeanne.dupont@example.com',
  password: 'un-mot-de-passe-solide',
  password_confirmation: 'un-mot-de-passe-solide',
}

function register(client: any, body: Record<string, unknown>) {
  return client
    .post('/register')
    .header('referer', '/register')
    .form(body)
    .withCsrfToken()
    .redirects(0)
}

/** English words the VineJS/session defaults use: none may reach a French user. */
const ENGLISH = /\b(the|field|must|should|required|characters|invalid|please|form could not)\b/i

test.group('Auth / register', (group) => {
  withTransaction(group)

  test('success: an "other" user with a hashed password, logged in, sent to verify, audited', async ({
    client,
    assert,
  }) => {
    const response = await register(client, GOOD)
    response.assertStatus(302)
    response.assertHeader('location', '/email/verify')

    const user = await User.findByOrFail('email', GOOD.email)
    assert.equal(user.role, 'other')
    assert.equal(user.name, 'Jeanne Dupont')
    assert.isNull(user.droit)
    assert.isNull(user.accesRole)
    assert.deepEqual(user.droitsAccordes, [])
    assert.notEqual(user.password, GOOD.password)
    assert.match(user.password, /^\$scrypt\$/)
    assert.isTrue(await hash.verify(user.password, GOOD.password))

    assert.equal(response.session('auth_web'), user.id)
    const audit = await AuditLog.query()
      .where('action', 'auth.register')
      .where('user_id', user.id)
      .first()
    assert.isNotNull(audit)
    assert.equal(audit!.subjectId, String(user.id))

    // Unverified: the dashboard sends the new account to the verification page
    assert.isNull(user.emailVerifiedAt)
    const dashboard = await client
      .get('/dashboard')
      .withInertia()
      .withSession(response.session())
      .redirects(0)
    dashboard.assertStatus(302)
    dashboard.assertHeader('location', '/email/verify')
    const notice = await client.get('/email/verify').withInertia().withSession(response.session())
    notice.assertStatus(200)
    notice.assertInertiaComponent('Auth/VerifyEmail')
  })

  test('the email is stored lower-cased and trimmed', async ({ client, assert }) => {
    const response = await register(client, { ...GOOD, email: '  Jeanne.Dupont@Example.COM ' })
    response.assertStatus(302)
    const user = await User.findByOrFail('email', 'jeanne.dupont@example.com')
    assert.equal(user.email, 'jeanne.dupont@example.com')
  })

  test('a duplicate email (any case): French error on email, name and email kept, not the password', async ({
    client,
    assert,
  }) => {
    await makeUser('pro', { email: 'jeanne.dupont@example.com' })
    const response = await register(client, { ...GOOD, email: 'Jeanne.DUPONT@example.com' })
    response.assertStatus(302)
    response.assertHeader('location', '/register')
    response.assertFlashMessage('inputErrorsBag', {
      email: ['Un compte existe déjà avec cette adresse e-mail.'],
    })
    // Old input is flashed at the root of the flash messages (session package convention)
    const input = response.flashMessages()
    assert.equal(input.name, 'Jeanne Dupont')
    assert.equal(input.email, 'Jeanne.DUPONT@example.com')
    assert.notProperty(input, 'password')
    assert.notProperty(input, 'password_confirmation')
    assert.notProperty(input, '_csrf')
    assert.lengthOf(await User.query().where('email', 'jeanne.dupont@example.com'), 1)
    assert.notExists(response.session('auth_web'))
  })

  test('the next page shows the error next to the field and no English summary', async ({
    client,
    assert,
  }) => {
    await makeUser('pro', { email: 'jeanne.dupont@example.com' })
    const failed = await register(client, GOOD)
    const page = await client
      .get('/register')
      .withInertia()
      .withFlashMessages(failed.flashMessages())
    page.assertInertiaComponent('Auth/Register')
    assert.equal(page.body().props.errors.email, 'Un compte existe déjà avec cette adresse e-mail.')
    const flashError = page.body().props.flash.error
    if (flashError) assert.notMatch(flashError, ENGLISH)
  })

  test('a too-short password gets a French message', async ({ client, assert }) => {
    const response = await register(client, {
      ...GOOD,
      password: 'court',
      password_confirmation: 'court',
    })
    response.assertStatus(302)
    const errors = response.flashMessage('inputErrorsBag')
    assert.deepEqual(errors.password, ['Ce champ doit contenir au moins 8 caractères.'])
    assert.isNull(await User.findBy('email', GOOD.email))
  })

  test('a mismatched confirmation gets a French message', async ({ client, assert }) => {
    const response = await register(client, {
      ...GOOD,
      password_confirmation: 'autre-chose-encore',
    })
    response.assertStatus(302)
    const errors = response.flashMessage('inputErrorsBag') as Record<string, string[]>
    const messages = Object.values(errors).flat()
    assert.include(messages, 'La confirmation ne correspond pas.')
    assert.isNull(await User.findBy('email', GOOD.email))
  })

  test('every message of an empty form is French', async ({ client, assert }) => {
    const response = await register(client, {})
    const errors = response.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.sameMembers(Object.keys(errors), ['name', 'email', 'password'])
    for (const message of Object.values(errors).flat()) assert.notMatch(message, ENGLISH)
  })

  test('an extra role field is ignored: the account is "other"', async ({ client, assert }) => {
    const response = await register(client, {
      ...GOOD,
      role: 'esi',
      droit: 'admin',
      droits_accordes: ['admin'],
      acces_role: 'pro',
    })
    response.assertStatus(302)
    const user = await User.findByOrFail('email', GOOD.email)
    assert.equal(user.role, 'other')
    assert.isNull(user.droit)
    assert.isNull(user.accesRole)
    assert.deepEqual(user.droitsAccordes, [])
  })
})

test.group('Auth / logout and guest pages', (group) => {
  withTransaction(group)

  test('POST /logout ends the session: /dashboard then redirects to /login', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const before = await client.get('/dashboard').loginAs(user).withInertia()
    before.assertStatus(200)

    const logout = await client.post('/logout').loginAs(user).withCsrfToken().redirects(0)
    logout.assertStatus(302)
    logout.assertHeader('location', '/login')
    assert.notExists(logout.session('auth_web'))
    const audit = await AuditLog.query()
      .where('action', 'auth.logout')
      .where('user_id', user.id)
      .first()
    assert.isNotNull(audit)

    // Whatever the session still holds after logout does not open a page
    const after = await client
      .get('/dashboard')
      .withInertia()
      .withSession(logout.session())
      .redirects(0)
    after.assertStatus(302)
    after.assertHeader('location', '/login')
    after.assertFlashMessage('error', LOGIN_REQUIRED_MESSAGE)
    const api = await client.get('/api/user').withSession(logout.session())
    api.assertStatus(401)
  })

  test('GET /logout is not a route (404) and logs nobody out', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const response = await client.get('/logout').loginAs(user).withInertia().redirects(0)
    response.assertStatus(404)
    assert.isNull(
      await AuditLog.query().where('action', 'auth.logout').where('user_id', user.id).first()
    )
  })

  for (const path of ['/login', '/register', '/login?signature=abc&h=def']) {
    test(`a logged-in user visiting ${path} is redirected to /dashboard`, async ({ client }) => {
      const user = await makeUser('other')
      const response = await client.get(path).loginAs(user).withInertia().redirects(0)
      response.assertStatus(302)
      response.assertHeader('location', '/dashboard')
    })
  }

  test('a logged-in user cannot register another account', async ({ client, assert }) => {
    const user = await makeUser('other')
    const response = await client
      .post('/register')
      .loginAs(user)
      .form(GOOD)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    response.assertHeader('location', '/dashboard')
    assert.isNull(await User.findBy('email', GOOD.email))
  })
})
