/*
 * The Inertia protocol as the client of SPEC.md §7 speaks it: asset version (409), page object,
 * partial reloads, error bags, the HTML shell, shared props and flash messages.
 */
import { test } from '@japa/runner'
import { makeUser, makeNotification, pageFromHtml, withTransaction } from '#tests/helpers'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { APP_NAME, APP_VERSION } from '#shared/app'
import env from '#start/env'

/** The version the server announces, read from a first page object. */
async function currentVersion(client: any): Promise<string> {
  const first = await client.get('/login')
  return pageFromHtml(first.text()).version
}

test.group('Inertia / protocol', (group) => {
  withTransaction(group)

  test('a stale asset version answers 409 with X-Inertia-Location = the URL', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const response = await client
      .get('/dashboard?tab=2')
      .loginAs(user)
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', 'stale-version')
      .redirects(0)
    response.assertStatus(409)
    response.assertHeader('x-inertia-location', '/dashboard?tab=2')
    assert.notExists(response.header('x-inertia'))
  })

  test('the right version answers 200 JSON with component, props, url, version and Vary', async ({
    client,
    assert,
  }) => {
    const version = await currentVersion(client)
    const user = await makeUser('pro')
    const response = await client
      .get('/dashboard')
      .loginAs(user)
      .header('X-Inertia', 'true')
      .header('X-Inertia-Version', version)
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'application/json')
    response.assertHeader('x-inertia', 'true')
    assert.match(response.header('vary') ?? '', /x-inertia/i)
    const page = response.body()
    assert.equal(page.component, 'Dashboard')
    assert.equal(page.url, '/dashboard')
    assert.equal(page.version, version)
    assert.isObject(page.props)
    assert.properties(page.props, ['errors', 'flash', 'user', 'app', 'notifications', 'societes'])
  })

  test('a partial reload returns the requested prop and the always props only', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    await makeNotification(user)
    const response = await client
      .get('/dashboard')
      .loginAs(user)
      .withInertiaPartialReload('Dashboard', ['societes'])
    response.assertStatus(200)
    assert.sameMembers(Object.keys(response.body().props), ['societes', 'errors', 'flash', 'user'])
    assert.notProperty(response.body().props, 'app')
    assert.notProperty(response.body().props, 'notifications')
  })

  test('X-Inertia-Partial-Except leaves out the listed props', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const response = await client
      .get('/dashboard')
      .loginAs(user)
      .withInertia()
      .header('X-Inertia-Partial-Component', 'Dashboard')
      .header('X-Inertia-Partial-Except', 'notifications,societes')
    response.assertStatus(200)
    const props = response.body().props
    assert.properties(props, ['app', 'errors', 'flash', 'user'])
    assert.notProperty(props, 'notifications')
    assert.notProperty(props, 'societes')
  })

  test('a partial reload naming another component gets every prop', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const response = await client
      .get('/dashboard')
      .loginAs(user)
      .withInertia()
      .header('X-Inertia-Partial-Component', 'Auth/Login')
      .header('X-Inertia-Partial-Data', 'societes')
    response.assertStatus(200)
    assert.properties(response.body().props, [
      'societes',
      'app',
      'notifications',
      'errors',
      'flash',
      'user',
    ])
  })

  test('an error bag nests the validation errors of a failed POST under its name', async ({
    client,
    assert,
  }) => {
    const failed = await client
      .post('/login')
      .header('referer', '/login')
      .header('X-Inertia', 'true')
      .header('X-Inertia-Error-Bag', 'login')
      .json({ email: 'pas-un-email', password: 'x' })
      .withCsrfToken()
      .redirects(0)
    failed.assertStatus(302)
    failed.assertHeader('location', '/login')

    // The client follows the redirect with the same Inertia headers, the session carries the errors
    const next = await client
      .get('/login')
      .withInertia()
      .header('X-Inertia-Error-Bag', 'login')
      .withFlashMessages(failed.flashMessages())
    next.assertStatus(200)
    const errors = next.body().props.errors
    assert.deepEqual(Object.keys(errors), ['login'])
    assert.equal(errors.login.email, 'Veuillez saisir une adresse e-mail valide.')
    // The English summary of the session package never reaches the page
    assert.notExists(next.body().props.flash.error)
  })

  test('without a bag the validation errors sit at the top of errors', async ({
    client,
    assert,
  }) => {
    const failed = await client
      .post('/login')
      .header('referer', '/login')
      .header('X-Inertia', 'true')
      .json({ email: '', password: '' })
      .withCsrfToken()
      .redirects(0)
    const next = await client.get('/login').withInertia().withFlashMessages(failed.flashMessages())
    assert.equal(next.body().props.errors.email, 'Ce champ est requis.')
    assert.equal(next.body().props.errors.password, 'Ce champ est requis.')
  })

  test('a plain visit returns HTML embedding the page object', async ({ client, assert }) => {
    const response = await client.get('/login')
    response.assertStatus(200)
    assert.include(response.header('content-type'), 'text/html')
    assert.include(response.text(), '<script data-page="app" type="application/json">')
    assert.include(response.text(), '<div id="app"></div>')
    const page = pageFromHtml(response.text())
    assert.equal(page.component, 'Auth/Login')
    assert.equal(page.url, '/login')
    assert.isString(page.version)
  })

  test('shared props: the user of a logged-in visitor, app settings, flash and errors', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi', {
      name: 'Alice Martin',
      accesRole: 'pro',
      droitsAccordes: ['admin'],
      droit: 'admin',
    })
    const response = await client.get('/dashboard').loginAs(user).withInertia()
    response.assertStatus(200)
    const props = response.body().props
    assert.containSubset(props.user, {
      id: user.id,
      name: 'Alice Martin',
      role: 'esi',
      droit: 'admin',
      acces_role: 'pro',
      effective_role: 'pro',
    })
    // Offline and private: no third-party picture address, the initials instead
    assert.isNull(props.user.gravatar)
    assert.notInclude(JSON.stringify(props), 'gravatar.com')
    assert.notProperty(props.user, 'password')
    assert.notProperty(props.user, 'two_factor_secret')
    assert.containSubset(props.app, {
      name: APP_NAME,
      version: '0.1a',
      copyright: new Date().getFullYear(),
    })
    assert.equal(APP_VERSION, '0.1a')
    assert.deepEqual(props.errors, {})
    assert.isObject(props.flash)
  })

  test('app.adminUrl is given only to an esi with droit admin, not while viewing as pro', async ({
    client,
    assert,
  }) => {
    const previous = env.get('ADMIN_URL')
    env.set('ADMIN_URL', 'https://admin.example.be')
    try {
      const cases: [Record<string, unknown>, 'esi' | 'pro', string | null][] = [
        [{ droitsAccordes: ['admin'], droit: 'admin' }, 'esi', 'https://admin.example.be'],
        [{ droitsAccordes: ['admin'], droit: 'admin', accesRole: 'pro' }, 'esi', null],
        [{ droitsAccordes: ['admin'] }, 'esi', null],
        [{ droitsAccordes: ['admin'], droit: 'admin' }, 'pro', null],
      ]
      for (const [overrides, role, expected] of cases) {
        const user = await makeUser(role, overrides)
        const response = await client.get('/dashboard').loginAs(user).withInertia()
        assert.strictEqual(
          response.body().props.app.adminUrl,
          expected,
          JSON.stringify({ role, ...overrides })
        )
      }
    } finally {
      env.set('ADMIN_URL', previous as string)
      if (previous === undefined) delete process.env.ADMIN_URL
    }
  })

  test('shared props of a guest: user is null, no notifications', async ({ client, assert }) => {
    const response = await client.get('/login').withInertia()
    const props = response.body().props
    assert.isNull(props.user)
    assert.isNull(props.notifications)
    assert.containSubset(props.app, { version: '0.1a', copyright: new Date().getFullYear() })
    assert.deepEqual(props.errors, {})
  })

  test('a message flashed before a redirect arrives in flash.success on the next page', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const logout = await client.post('/logout').loginAs(user).withCsrfToken().redirects(0)
    logout.assertStatus(302)
    logout.assertHeader('location', '/login')
    logout.assertFlashMessage('success', 'Vous êtes déconnecté.')

    const next = await client.get('/login').withInertia().withFlashMessages(logout.flashMessages())
    assert.equal(next.body().props.flash.success, 'Vous êtes déconnecté.')
    // Flash lasts one request only
    const after = await client.get('/login').withInertia().withFlashMessages(next.flashMessages())
    assert.notExists(after.body().props.flash.success)
  })

  test('a successful login lands on the dashboard with the user in the props', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const login = await client
      .post('/login')
      .json({ email: user.email, password: TEST_PASSWORD })
      .header('X-Inertia', 'true')
      .withCsrfToken()
      .redirects(0)
    login.assertStatus(302)
    const dashboard = await client.get('/dashboard').withInertia().withSession(login.session())
    dashboard.assertInertiaComponent('Dashboard')
    assert.equal(dashboard.body().props.user.id, user.id)
  })
})
