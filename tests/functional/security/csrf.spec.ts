/*
 * ASVS 3.5.1: every state-changing route needs the anti-CSRF token. The list of routes is read
 * from the router, so a new POST/PUT/PATCH/DELETE route is checked without touching this file.
 */
import { test } from '@japa/runner'
import {
  dbSnapshot,
  fillPattern,
  makeNotification,
  makeUser,
  MUTATING_METHODS,
  pageFromHtml,
  routeList,
  withTransaction,
  type RouteRow,
} from '#tests/helpers'
import type User from '#models/user'
import { errorMessage } from '#services/http/http_errors'
import { Visitor } from '#tests/auth_helpers'

const mutatingRoutes = routeList().flatMap((route) =>
  route.methods.filter((m) => MUTATING_METHODS.includes(m)).map((method) => ({ ...route, method }))
)

/**
 * A body that WOULD change something if the token were not checked (default: empty). Keyed by
 * route name; a route missing here is still tested, with an empty body.
 */
const PAYLOADS: Record<string, Record<string, unknown>> = {
  'guest.login.store': { email: 'x@example.com', password: 'secret-password-2026' },
  'guest.register.store': {
    name: 'Mallory',
    email: 'mallory@example.com',
    password: 'secret-password-2026',
    password_confirmation: 'secret-password-2026',
  },
  'api.user.role': { droit: 'admin' },
  'api.user.acces_role': { role: 'pro' },
  'guest.password.email': { email: 'x@example.com' },
  'guest.password.update': {
    token: 'x'.repeat(43),
    password: 'nouveau-mot-de-passe',
    password_confirmation: 'nouveau-mot-de-passe',
  },
  'twofactor.challenge.store': { code: '123456' },
  'app.password.confirm.store': { password: 'secret-password-2026' },
  'app.step_up.store': { code: '123456' },
  'app.two_factor.disable': { password: 'secret-password-2026' },
  'app.two_factor.confirm': { code: '123456' },
}

/** A staff member with everything a forged request could switch, and an unread notification. */
async function staffWithState() {
  const user = await makeUser('esi', { droitsAccordes: ['admin'] })
  const notification = await makeNotification(user)
  // Other parameters: a plausible value (the request is refused or answered before any use)
  return {
    user,
    params: {
      id: notification.id,
      commandeId: notification.id,
      reserve: 1,
      etape: 'pose',
      // The customer's signing link (issue 14 §1): an unknown devis, refused after the CSRF check
      publicId: '00000000-0000-4000-8000-000000000000',
      version: 1,
    },
  }
}

function send(
  client: any,
  route: RouteRow & { method: string },
  user: User,
  params: Record<string, string | number>
) {
  const url = fillPattern(route.pattern, params)
  return client[route.method.toLowerCase()](url)
    .loginAs(user)
    .header('referer', '/dashboard')
    .form(PAYLOADS[route.name ?? ''] ?? {})
    .redirects(0)
}

test.group('Security / CSRF on every state-changing route', (group) => {
  withTransaction(group)

  test('the router has state-changing routes to check', ({ assert }) => {
    assert.isAbove(mutatingRoutes.length, 0)
  })

  for (const route of mutatingRoutes) {
    test(`${route.method} ${route.pattern} (${route.name}) without token → 419, nothing changed`, async ({
      client,
      assert,
    }) => {
      const { user, params } = await staffWithState()
      const before = await dbSnapshot()
      const response = await send(client, route, user, params)
      response.assertStatus(419)
      assert.equal(await dbSnapshot(), before, 'a request without CSRF token changed the database')
      // The user is still logged in: a forged request cannot log anybody out either
      assert.exists(response.session('auth_web'))
    })

    test(`${route.method} ${route.pattern} (${route.name}) with token → not 419`, async ({
      client,
      assert,
    }) => {
      const { user, params } = await staffWithState()
      const response = await send(client, route, user, params).withCsrfToken()
      assert.notEqual(response.status(), 419)
      assert.isBelow(response.status(), 500)
    })
  }
})

test.group('Security / CSRF answers', (group) => {
  withTransaction(group)

  test('a guest cannot register without token: 419 and no account', async ({ client, assert }) => {
    const before = await dbSnapshot()
    const response = await client
      .post('/register')
      .form(PAYLOADS['guest.register.store'])
      .redirects(0)
    response.assertStatus(419)
    assert.equal(await dbSnapshot(), before)
  })

  test('for an Inertia visit the 419 is JSON with a French message', async ({ client }) => {
    const user = await makeUser('pro')
    const response = await client
      .post('/logout')
      .loginAs(user)
      .header('X-Inertia', 'true')
      .redirects(0)
    response.assertStatus(419)
    response.assertBody({ message: errorMessage(419) })
  })

  test('for an XHR call the 419 is JSON with a French message', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const response = await client
      .put('/api/user/acces-role')
      .loginAs(user)
      .header('X-Requested-With', 'XMLHttpRequest')
      .json({ role: 'pro' })
    response.assertStatus(419)
    response.assertBody({ message: 'La page a expiré. Veuillez recharger la page et réessayer.' })
    await user.refresh()
    assert.isNull(user.accesRole)
  })

  test('for a plain form post the 419 is the Errors/Status page', async ({ client, assert }) => {
    const response = await client
      .post('/login')
      .header('accept', 'text/html,application/xhtml+xml')
      .form({ email: 'a@b.c', password: 'x' })
      .redirects(0)
    response.assertStatus(419)
    assert.include(response.header('content-type'), 'text/html')
    const page = pageFromHtml(response.text())
    assert.equal(page.component, 'Errors/Status')
    assert.equal(page.props.status, 419)
    assert.equal(page.props.message, errorMessage(419))
  })

  test('a forged or garbage token is refused like a missing one', async ({ client }) => {
    const user = await makeUser('pro')
    const forged = await client
      .post('/logout')
      .loginAs(user)
      .header('x-csrf-token', 'forged')
      .redirects(0)
    forged.assertStatus(419)
    const garbage = await client
      .post('/logout')
      .loginAs(user)
      .header('x-xsrf-token', 'e:garbage')
      .redirects(0)
    garbage.assertStatus(419)
  })

  test('the XSRF-TOKEN cookie sent back as X-XSRF-TOKEN header is accepted', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const first = await client.get('/dashboard').loginAs(user).withInertia()
    first.assertStatus(200)
    // What the browser client does: read the raw cookie, send it back URL-decoded in a header
    const raw = ([] as string[])
      .concat(first.header('set-cookie') ?? [])
      .find((cookie) => cookie.startsWith('XSRF-TOKEN='))
    assert.exists(raw, 'no XSRF-TOKEN cookie set')
    assert.notInclude(raw!.toLowerCase(), 'httponly', 'the client must be able to read XSRF-TOKEN')
    const token = decodeURIComponent(raw!.split(';')[0].slice('XSRF-TOKEN='.length))

    const response = await client
      .put('/api/user/acces-role')
      .withSession(first.session())
      .header('X-Requested-With', 'XMLHttpRequest')
      .header('X-XSRF-TOKEN', token)
      .json({ role: 'pro' })
    response.assertStatus(200)
    response.assertBodyContains({ acces_role: 'pro' })
    await user.refresh()
    assert.equal(user.accesRole, 'pro')

    // The same header against another session's secret is refused
    const other = await makeUser('esi')
    const replay = await client
      .put('/api/user/acces-role')
      .loginAs(other)
      .header('X-Requested-With', 'XMLHttpRequest')
      .header('X-XSRF-TOKEN', token)
      .json({ role: 'pro' })
    replay.assertStatus(419)
  })

  test('the XSRF cookie keeps its value between answers; a missing or stale one is replaced', async ({
    assert,
  }) => {
    // Decision 684: the same encrypted cookie while the session lives, not a new one each time
    const visitor = new Visitor()
    await visitor.get('/login')
    const first = visitor.cookie('XSRF-TOKEN')
    assert.exists(first)
    await visitor.get('/login')
    assert.equal(visitor.cookie('XSRF-TOKEN'), first)

    visitor.cookies.delete('XSRF-TOKEN')
    await visitor.get('/login')
    const second = visitor.cookie('XSRF-TOKEN')
    assert.exists(second)
    assert.notEqual(second, first)
    visitor.cookies.set('XSRF-TOKEN', 'stale')
    await visitor.get('/login')
    const third = visitor.cookie('XSRF-TOKEN')
    assert.exists(third)
    assert.notEqual(third, 'stale')
    assert.notEqual(third, second)

    // The kept cookie is a valid token (the login is answered, not refused)
    const post = await visitor.post('/login', { email: 'nobody@example.com', password: 'x' })
    assert.notEqual(post.status, 419)
    visitor.cookies.delete('XSRF-TOKEN')
    const without = await visitor.post('/login', { email: 'nobody@example.com', password: 'x' })
    assert.equal(without.status, 419)
  })
})
