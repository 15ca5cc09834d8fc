/*
 * Decisions 684–685: with the database session store (production's), an answer sends the session
 * and XSRF cookies again only when the session row's expiry moves (at most once a minute), its
 * id changes, or the browser lacks a valid XSRF cookie; the CSRF check and logout are unchanged.
 * The real app runs as a child process (SESSION_DRIVER=database), as in the faults' specs.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser } from '#tests/helpers'
import { keepCookies } from '#tests/auth_helpers'
import { AppProcess, AppVisitor } from '#tests/functional/faults/app_process'
import { SESSION_COOKIE } from '#config/session'
import { TOUCH_EVERY_SECONDS } from '#services/http/session_store'

/** One request with the visitor's cookies: its status and the cookies it sets, by name. */
async function call(
  app: AppProcess,
  visitor: AppVisitor,
  method: string,
  path: string,
  headers: Record<string, string> = {}
) {
  const response = await fetch(app.url(path), {
    method,
    redirect: 'manual',
    headers: {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      cookie: [...visitor.cookies].map(([n, v]) => `${n}=${v}`).join('; '),
      ...headers,
    },
  })
  await response.arrayBuffer()
  const set = new Map(
    response.headers.getSetCookie().map((line) => [line.slice(0, line.indexOf('=')), line])
  )
  keepCookies(visitor.cookies, response)
  return { status: response.status, set }
}

test.group('Performance / the session and XSRF cookies are sent when they change', (group) => {
  let app: AppProcess
  const users: number[] = []

  group.setup(async () => {
    app = await AppProcess.start()
    return () => app.stop()
  })
  group.each.teardown(async () => {
    await db.from('sessions').whereIn('user_id', users).delete()
    await db.from('audit_logs').whereIn('user_id', users).delete()
    await db.from('users').whereIn('id', users).delete()
    users.length = 0
  })

  async function loggedIn() {
    const user = await makeUser('pro')
    users.push(user.id)
    const visitor = await new AppVisitor(() => app).login(user)
    // The first page after the login takes its flash message (a session write)
    await call(app, visitor, 'GET', '/api/user')
    return { user, visitor }
  }

  test('an unchanged session sends no cookie; a touched one sends both again', async ({
    assert,
  }) => {
    const { user, visitor } = await loggedIn()
    const xsrf = visitor.cookies.get('XSRF-TOKEN')
    assert.exists(xsrf)
    assert.exists(visitor.cookies.get(SESSION_COOKIE))
    const quiet = await call(app, visitor, 'GET', '/api/user')
    assert.equal(quiet.status, 200)
    assert.deepEqual([...quiet.set.keys()], [], 'no Set-Cookie while nothing changed')

    // The row last touched over a minute ago: this request pushes its expiry, and the cookies
    // go with it, the XSRF one with the same value (not encrypted anew)
    const touchedAt = Date.now() - (TOUCH_EVERY_SECONDS + 5) * 1000
    await db
      .from('sessions')
      .where('user_id', user.id)
      .update({ expires_at: new Date(touchedAt + 7200 * 1000) })
    const touched = await call(app, visitor, 'GET', '/api/user')
    assert.equal(touched.status, 200)
    assert.match(touched.set.get(SESSION_COOKIE) ?? '', /Max-Age=7200/)
    assert.match(touched.set.get('XSRF-TOKEN') ?? '', /Max-Age=7200/)
    assert.notMatch(touched.set.get('XSRF-TOKEN')!, /HttpOnly/i)
    assert.equal(visitor.cookies.get('XSRF-TOKEN'), xsrf)
    const row = await db.from('sessions').where('user_id', user.id).first()
    assert.isAbove(new Date(row.expires_at).getTime(), Date.now() + 7190 * 1000)
  })

  test('a missing or stale XSRF cookie is replaced, and the new one is accepted', async ({
    assert,
  }) => {
    const { visitor } = await loggedIn()
    const first = visitor.cookies.get('XSRF-TOKEN')
    visitor.cookies.delete('XSRF-TOKEN')
    const missing = await call(app, visitor, 'GET', '/api/user')
    assert.isTrue(missing.set.has('XSRF-TOKEN'))
    assert.notEqual(visitor.cookies.get('XSRF-TOKEN'), first)

    visitor.cookies.set('XSRF-TOKEN', 'stale')
    const stale = await call(app, visitor, 'GET', '/api/user')
    assert.isTrue(stale.set.has('XSRF-TOKEN'))
    // The replacement is remembered: the next request sends nothing
    const quiet = await call(app, visitor, 'GET', '/api/user')
    assert.deepEqual([...quiet.set.keys()], [])

    const token = decodeURIComponent(visitor.cookies.get('XSRF-TOKEN')!)
    const logout = await call(app, visitor, 'POST', '/logout', { 'x-xsrf-token': token })
    assert.oneOf(logout.status, [302, 303])
  })

  test('a POST without a token, or with a wrong one, is refused; logout ends the session', async ({
    assert,
  }) => {
    const { visitor } = await loggedIn()
    const token = decodeURIComponent(visitor.cookies.get('XSRF-TOKEN')!)
    const missing = await call(app, visitor, 'POST', '/logout')
    assert.equal(missing.status, 419)
    const wrong = await call(app, visitor, 'POST', '/logout', { 'x-xsrf-token': `${token}x` })
    assert.equal(wrong.status, 419)
    const still = await call(app, visitor, 'GET', '/api/user')
    assert.equal(still.status, 200)

    const logout = await call(app, visitor, 'POST', '/logout', { 'x-xsrf-token': token })
    assert.oneOf(logout.status, [302, 303])
    const after = await call(app, visitor, 'GET', '/api/user')
    assert.equal(after.status, 401)
  })
})
