/*
 * The error catalogue on the server side: one French answer per status, as the caller can read
 * it (Inertia page object, HTML shell, JSON), and never a stack trace outside development.
 */
import { test } from '@japa/runner'
import { IncomingMessage, ServerResponse } from 'node:http'
import { Socket } from 'node:net'
import testUtils from '@adonisjs/core/services/test_utils'
import { makeUser, pageFromHtml, STACK_TRACE, withTransaction } from '#tests/helpers'
import HttpExceptionHandler from '#exceptions/handler'
import InertiaMiddleware from '#middleware/inertia_middleware'
import { errorMessage } from '#services/http/http_errors'
import { Readable } from 'node:stream'
import getRawBody from 'raw-body'

const PREVIEW_CODES = [400, 401, 403, 404, 500, 503]

/** A request context as the server builds it (Inertia initialised), to feed the handler directly. */
async function contextFor(url: string, headers: Record<string, string> = {}) {
  const req = new IncomingMessage(new Socket())
  req.method = 'GET'
  req.url = url
  req.headers = { host: 'localhost', ...headers }
  const ctx = await testUtils.createHttpContext({ req, res: new ServerResponse(req) })
  await new InertiaMiddleware().init(ctx)
  return ctx
}

/** An error as a crash would raise it: message and stack full of server internals. */
function crash() {
  const error = new Error(
    'relation "secret_table" does not exist at /work/main/app/models/user.ts:42:7'
  )
  error.stack = `${error.message}\n    at Object.boom (/work/main/app/controllers/x_controller.ts:12:3)\n    at async file:///work/main/node_modules/@adonisjs/http-server/build/index.js:1:1`
  return error
}

function bodyText(body: unknown) {
  return typeof body === 'string' ? body : JSON.stringify(body)
}

test.group('Errors / 404', (group) => {
  withTransaction(group)

  test('an unknown URL visited by Inertia is the Errors/Status page with status 404', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/nulle-part').withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/Status')
    response.assertInertiaPropsContains({ status: 404, message: errorMessage(404) })
    assert.notMatch(response.text(), STACK_TRACE)
  })

  test('a logged-in user on an unknown URL keeps his header (user shared prop)', async ({
    client,
  }) => {
    const user = await makeUser('pro')
    const response = await client.get('/nulle-part').withInertia().loginAs(user)
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/Status')
    response.assertInertiaPropsContains({ user: { id: user.id, effective_role: 'pro' } })
  })

  test('an unknown URL visited plainly is HTML embedding the same page', async ({
    client,
    assert,
  }) => {
    const response = await client.get('/nulle-part').header('accept', 'text/html')
    response.assertStatus(404)
    assert.include(response.header('content-type'), 'text/html')
    const page = pageFromHtml(response.text())
    assert.equal(page.component, 'Errors/Status')
    assert.equal(page.props.status, 404)
    assert.notMatch(response.text(), /Cannot GET|E_ROUTE_NOT_FOUND/)
  })

  test('/api/unknown answers JSON {message} in French, whatever the Accept header', async ({
    client,
  }) => {
    for (const accept of ['application/json', 'text/html', '*/*']) {
      const response = await client.get('/api/unknown').header('accept', accept)
      response.assertStatus(404)
      response.assertBody({ message: errorMessage(404) })
    }
  })

  test('an XHR call to an unknown URL answers JSON {message}', async ({ client }) => {
    const response = await client.get('/nulle-part').header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(404)
    response.assertBody({ message: errorMessage(404) })
  })

  test('a wrong method on a known path is a 404 too (GET /logout)', async ({ client }) => {
    const response = await client.get('/logout').withInertia()
    response.assertStatus(404)
    response.assertInertiaComponent('Errors/Status')
  })
})

test.group('Errors / 403', (group) => {
  withTransaction(group)

  test('an esi page opened by an ordinary user is the Errors/Status page with 403', async ({
    client,
  }) => {
    const user = await makeUser('other')
    const response = await client.get('/esi/devis').loginAs(user).withInertia()
    response.assertStatus(403)
    response.assertInertiaComponent('Errors/Status')
    response.assertInertiaPropsContains({ status: 403, message: errorMessage(403) })
    // The page keeps the layout's shared props: the user is still logged in
    response.assertInertiaPropsContains({ user: { id: user.id } })
  })

  test('the same visit without Inertia header is an HTML 403 page', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const response = await client.get('/esi/devis').loginAs(user).header('accept', 'text/html')
    response.assertStatus(403)
    const page = pageFromHtml(response.text())
    assert.equal(page.component, 'Errors/Status')
    assert.equal(page.props.status, 403)
  })

  test('an XHR call to a forbidden page answers 403 JSON', async ({ client }) => {
    const user = await makeUser('pro')
    const response = await client
      .get('/esi/devis')
      .loginAs(user)
      .header('X-Requested-With', 'XMLHttpRequest')
    response.assertStatus(403)
    response.assertBody({ message: errorMessage(403) })
  })
})

test.group('Errors / preview pages', (group) => {
  withTransaction(group)

  for (const code of PREVIEW_CODES) {
    test(`/preview/errors/${code} renders Errors/Status with status ${code} for staff`, async ({
      client,
    }) => {
      const esi = await makeUser('esi')
      const response = await client.get(`/preview/errors/${code}`).loginAs(esi).withInertia()
      response.assertStatus(200)
      response.assertInertiaComponent('Errors/Status')
      response.assertInertiaPropsContains({
        status: code,
        message: errorMessage(code),
        preview: true,
      })
    })
  }

  test('the preview pages are staff only', async ({ client }) => {
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const response = await client.get('/preview/errors/500').loginAs(user).withInertia()
      response.assertStatus(403)
    }
    const guest = await client.get('/preview/errors/500').withInertia().redirects(0)
    guest.assertStatus(302)
    guest.assertHeader('location', '/login')
  })

  test('an unknown preview code is a real 404', async ({ client }) => {
    const esi = await makeUser('esi')
    for (const code of ['418', '200', 'abc', '4040']) {
      const response = await client.get(`/preview/errors/${code}`).loginAs(esi).withInertia()
      response.assertStatus(404)
      response.assertInertiaComponent('Errors/Status')
      response.assertInertiaPropsContains({ status: 404 })
    }
  })
})

test.group('Errors / 500 without stack trace (NODE_ENV=test)', () => {
  test('a crash during a page visit renders Errors/Status 500 in HTML, no trace', async ({
    assert,
  }) => {
    const ctx = await contextFor('/dashboard', { accept: 'text/html' })
    await new HttpExceptionHandler().handle(crash(), ctx)
    assert.equal(ctx.response.getStatus(), 500)
    const html = bodyText(ctx.response.getBody())
    const page = pageFromHtml(html)
    assert.equal(page.component, 'Errors/Status')
    assert.deepInclude(page.props, { status: 500, message: errorMessage(500) })
    assert.notMatch(html, STACK_TRACE)
    assert.notInclude(html, 'secret_table')
  })

  test('a crash during an Inertia visit is the Errors/Status page object, no trace', async ({
    assert,
  }) => {
    const ctx = await contextFor('/dashboard', { 'x-inertia': 'true', 'x-inertia-version': '1' })
    await new HttpExceptionHandler().handle(crash(), ctx)
    assert.equal(ctx.response.getStatus(), 500)
    const page = ctx.response.getBody() as { component: string; props: Record<string, unknown> }
    assert.equal(page.component, 'Errors/Status')
    assert.equal(page.props.status, 500)
    assert.notMatch(JSON.stringify(page), STACK_TRACE)
    assert.notInclude(JSON.stringify(page), 'secret_table')
  })

  test('a crash during an API or XHR call is JSON {message} in French, no trace', async ({
    assert,
  }) => {
    for (const [url, headers] of [
      ['/api/user', {}],
      ['/dashboard', { 'x-requested-with': 'XMLHttpRequest' }],
      ['/dashboard', { accept: 'application/json' }],
    ] as const) {
      const ctx = await contextFor(url, headers)
      await new HttpExceptionHandler().handle(crash(), ctx)
      assert.equal(ctx.response.getStatus(), 500)
      assert.deepEqual(ctx.response.getBody(), { message: errorMessage(500) })
    }
  })

  test('a 503 keeps its status and French message', async ({ assert }) => {
    const ctx = await contextFor('/api/user')
    const error = Object.assign(new Error('Service Unavailable'), { status: 503 })
    await new HttpExceptionHandler().handle(error, ctx)
    assert.equal(ctx.response.getStatus(), 503)
    assert.deepEqual(ctx.response.getBody(), { message: errorMessage(503) })
  })
})

test.group('Errors / a client gone before its body was read', () => {
  /** The body reader's own error (the one the bodyparser middleware gets) for such a request. */
  async function bodyReaderError(closed: 'destroyed' | 'aborted') {
    const stream = new Readable({ read() {} })
    if (closed === 'destroyed') stream.destroy()
    const reading = getRawBody(stream, { length: 100, encoding: 'utf8' })
    if (closed === 'aborted') stream.emit('aborted')
    return reading.then(
      () => {
        throw new Error('the body was read')
      },
      (error) => error
    )
  }

  test('is a French 400, logged as information, never as a server error', async ({ assert }) => {
    for (const closed of ['destroyed', 'aborted'] as const) {
      const error = await bodyReaderError(closed)
      const ctx = await contextFor('/esi/planifications/1', { accept: 'application/json' })
      const logged: [string, unknown][] = []
      const log =
        (level: string) =>
        (...args: unknown[]) =>
          logged.push([level, args.at(-1)])
      ctx.logger = Object.assign(Object.create(ctx.logger), {
        log: (level: string, ...args: unknown[]) => log(level)(...args),
        info: log('info'),
        warn: log('warn'),
        error: log('error'),
        fatal: log('fatal'),
      })
      const handler = new HttpExceptionHandler()
      await handler.report(error, ctx)
      await handler.handle(error, ctx)
      assert.equal(ctx.response.getStatus(), 400, closed)
      assert.deepEqual(ctx.response.getBody(), {
        message: 'La requête a été interrompue avant d’être reçue en entier. Réessayez.',
      })
      assert.deepEqual(logged, [['info', 'client closed the request']], closed)
    }
  })
})
