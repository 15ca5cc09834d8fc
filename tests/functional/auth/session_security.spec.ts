/*
 * Sessions in a real browser (cookies kept across requests): a new session id at login, after
 * the two-factor challenge and at a privilege change (ASVS 7.2.4); remember-me tokens rotated at
 * each use; logout ends the session on the server (ASVS 7.4.1).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { SESSION_COOKIE, totpOf, Visitor } from '#tests/auth_helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import AuditLog from '#models/audit_log'

const REMEMBER_COOKIE = 'remember_web'

/** Another browser holding only the given cookies. */
function browserWith(cookies: Record<string, string | undefined>): Visitor {
  const browser = new Visitor()
  for (const [name, value] of Object.entries(cookies)) if (value) browser.cookies.set(name, value)
  return browser
}

test.group('Sessions / fixation, remember-me and logout', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the session id changes at login, and the pre-login id opens nothing', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const browser = new Visitor()
    await browser.get('/login')
    const before = browser.cookie(SESSION_COOKIE)
    await browser.post('/login', { email: user.email, password: TEST_PASSWORD })
    const after = browser.cookie(SESSION_COOKIE)
    assert.exists(before)
    assert.notEqual(after, before)
    assert.equal(await browser.statusOf('/dashboard'), 200)
    const attacker = browserWith({ [SESSION_COOKIE]: before })
    assert.equal(await attacker.redirectOf('/dashboard'), '/login')
  })

  test('the session id changes again after the two-factor challenge', async ({ assert }) => {
    const user = await makeUser('esi')
    const browser = new Visitor()
    await browser.login(user.email, TEST_PASSWORD)
    const pending = browser.cookie(SESSION_COOKIE)
    const done = await browser.post('/two-factor-challenge', { code: totpOf(user) })
    assert.equal(done.headers.get('location'), '/dashboard')
    assert.notEqual(browser.cookie(SESSION_COOKIE), pending)
    assert.equal(await browser.statusOf('/esi/devis'), 200)
    const attacker = browserWith({ [SESSION_COOKIE]: pending })
    assert.equal(await attacker.redirectOf('/dashboard'), '/login')
  })

  test('a privilege change (access role) gives a new session id', async ({ assert }) => {
    const user = await makeUser('esi')
    const browser = new Visitor()
    await browser.login(user.email, TEST_PASSWORD)
    await browser.post('/two-factor-challenge', { code: totpOf(user) })
    const before = browser.cookie(SESSION_COOKIE)
    const response = await browser.request(
      'PUT',
      '/api/user/acces-role',
      { role: 'pro' },
      {
        accept: 'application/json',
        'x-requested-with': 'XMLHttpRequest',
      }
    )
    assert.equal(response.status, 200)
    assert.notEqual(browser.cookie(SESSION_COOKIE), before)
    assert.equal(await browser.statusOf('/app/contacts'), 200)
  })

  test('"Se souvenir de moi" sets a remember cookie; without it there is none', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const forgetful = new Visitor()
    await forgetful.login(user.email, TEST_PASSWORD, false)
    assert.notExists(forgetful.cookie(REMEMBER_COOKIE))
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)

    const remembered = new Visitor()
    await remembered.login(user.email, TEST_PASSWORD, true)
    assert.exists(remembered.cookie(REMEMBER_COOKIE))
    const rows = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(rows, 1)
    assert.notInclude(decodeURIComponent(remembered.cookie(REMEMBER_COOKIE)!), rows[0].hash)
  })

  test('the remember cookie alone logs in, rotates the token, and the old one is dead', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const first = new Visitor()
    await first.login(user.email, TEST_PASSWORD, true)
    const cookie = first.cookie(REMEMBER_COOKIE)
    const [before] = await db.from('remember_me_tokens').where('tokenable_id', user.id)

    // A new browser session (the session cookie is gone), only the remember cookie left
    const later = browserWith({ [REMEMBER_COOKIE]: cookie })
    const page = await later.page('/dashboard')
    assert.equal(page.status, 200)
    assert.equal(page.component, 'Dashboard')
    assert.notEqual(later.cookie(REMEMBER_COOKIE), cookie, 'the token was not rotated')
    const after = await db.from('remember_me_tokens').where('tokenable_id', user.id)
    assert.lengthOf(after, 1)
    assert.notEqual(after[0].hash, before.hash)
    const row = await AuditLog.query()
      .where('action', 'auth.login')
      .where('user_id', user.id)
      .orderBy('id', 'desc')
      .first()
    assert.deepEqual(row!.after, { via: 'remember_me' })

    const thief = browserWith({ [REMEMBER_COOKIE]: cookie })
    assert.equal(await thief.redirectOf('/dashboard'), '/login')
  })

  test('logout ends the session on the server and deletes the remember token', async ({
    assert,
  }) => {
    const user = await makeUser('pro')
    const browser = new Visitor()
    await browser.login(user.email, TEST_PASSWORD, true)
    const copied = Object.fromEntries(browser.cookies)
    const logout = await browser.post('/logout')
    assert.equal(logout.headers.get('location'), '/login')
    assert.equal(await browser.redirectOf('/dashboard'), '/login')
    assert.lengthOf(await db.from('remember_me_tokens').where('tokenable_id', user.id), 0)

    // The cookies kept from before the logout (back button, stolen copy) open nothing
    const replay = browserWith(copied)
    assert.equal(await replay.redirectOf('/dashboard'), '/login')
  })
})
