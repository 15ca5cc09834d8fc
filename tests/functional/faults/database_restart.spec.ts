/*
 * PostgreSQL restarted under the app (issue 15 §2). A throwaway embedded cluster of its own
 * (scripts/lib/embedded_pg.js, migrated by `node ace migration:run`) that the test stops and
 * starts again — never the server other runs use — and the app as a child process on it.
 *
 * A request waiting in the database when the server stops (fast shutdown: its backend
 * terminated) and a request while it is down get a French 503, no trace; after the restart the
 * next requests succeed with the same app process (its pool drops the dead connections).
 */
import { test } from '@japa/runner'
import { spawn } from 'node:child_process'
import { chmodSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import pg from 'pg'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import { STACK_TRACE } from '#tests/helpers'
import { UserFactory } from '#database/factories/user_factory'
import {
  AppProcess,
  AppVisitor,
  freePort,
  until,
  type Answer,
} from '#tests/functional/faults/app_process'

type Embedded = { env: Record<string, string>; stop: () => Promise<void> }
type StartEmbedded = (options: { dataDir: string; port: number }) => Promise<Embedded>

const EMBEDDED_PG = app.makePath('scripts/lib/embedded_pg.js')

/** `node ace <args>` on that database; resolves with its exit code and output. */
function ace(args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; out: string }>((resolve) => {
    let out = ''
    const child = spawn(process.execPath, ['ace', ...args], {
      cwd: app.makePath(),
      env: { ...process.env, NODE_ENV: 'test', ...env },
    })
    child.stdout.on('data', (d) => (out += d))
    child.stderr.on('data', (d) => (out += d))
    child.on('exit', (code) => resolve({ code, out }))
  })
}

const UNAVAILABLE = /^Service momentanément indisponible|^Le service est momentanément indisponible/

/** A French 503 for a page visit (the error page object, or its text) — never a trace. */
function assertUnavailable(assert: any, answer: Answer) {
  assert.equal(answer.status, 503, answer.body)
  assert.notMatch(answer.body, STACK_TRACE)
  const message = answer.body.startsWith('{') ? JSON.parse(answer.body).props.message : answer.body
  assert.match(message, UNAVAILABLE)
}

test.group('Faults / PostgreSQL restarted under the app', (group) => {
  const parent = mkdtempSync(join(tmpdir(), 'esi-pg-redemarrage-'))
  // The server runs as the `postgres` user when we are root: it must reach its data folder
  chmodSync(parent, 0o755)
  const dataDir = join(parent, 'data')
  let startEmbedded: StartEmbedded
  let server: Embedded
  let port: number
  let appProcess: AppProcess
  let url: string

  group.setup(async () => {
    ;({ startEmbeddedPg: startEmbedded } = (await import(EMBEDDED_PG)) as {
      startEmbeddedPg: StartEmbedded
    })
    port = await freePort()
    server = await startEmbedded({ dataDir, port })
    const { DB_USER, DB_PASSWORD, DB_PORT } = server.env
    url = `postgres://${DB_USER}:${encodeURIComponent(DB_PASSWORD)}@127.0.0.1:${DB_PORT}/postgres`
    const migrated = await ace(['migration:run', '--force'], { DATABASE_URL: url })
    if (migrated.code !== 0) throw new Error(`Migration impossible :\n${migrated.out.slice(-3000)}`)
    appProcess = await AppProcess.start({ DATABASE_URL: url })
    return async () => {
      await appProcess?.stop()
      await server?.stop()
      rmSync(parent, { recursive: true, force: true })
    }
  })

  /** A connection of the test to that server (not the app's). */
  async function connect() {
    const client = new pg.Client({ connectionString: url })
    client.on('error', () => {}) // terminated by the shutdown: expected
    await client.connect()
    return client
  }

  /** A user of that database (its own Lucid connection), logged in on the app through the form. */
  async function loggedIn() {
    if (!db.manager.has('redemarrage')) {
      db.manager.add('redemarrage', { client: 'pg', connection: { connectionString: url } })
    }
    const user = await UserFactory.apply('pro').connection('redemarrage').create()
    await db.manager.close('redemarrage')
    return new AppVisitor(() => appProcess).login(user)
  }

  test('a request in flight and one while it is down get a French 503; then the same app serves again', async ({
    assert,
  }) => {
    const browser = await loggedIn()
    const dashboard = await browser.request('GET', '/dashboard')
    assert.equal(dashboard.status, 200, dashboard.body)

    // In flight: the request waits on a lock of the test when the server stops
    const holder = await connect()
    await holder.query('begin')
    await holder.query('lock table users in access exclusive mode')
    const pending = browser.request('GET', '/dashboard')
    await until('la requête attend dans la base', async () => {
      const { rows } = await holder.query(
        'select count(*)::int as n from pg_stat_activity where pg_backend_pid() = any(pg_blocking_pids(pid))'
      )
      return rows[0].n > 0
    })
    const stopping = server.stop()
    assertUnavailable(assert, await pending)
    await stopping

    // Down: a page visit and a JSON call, both French
    assertUnavailable(assert, await browser.request('GET', '/dashboard'))
    const json = await browser.request('GET', '/dashboard', undefined, 'json')
    assert.equal(json.status, 503)
    assert.match(JSON.parse(json.body).message, UNAVAILABLE)

    // Up again: the same process serves the next request, the session still valid
    server = await startEmbedded({ dataDir, port })
    const after = await browser.request('GET', '/dashboard')
    assert.equal(after.status, 200, after.body)
    assert.equal(JSON.parse(after.body).component, 'Dashboard')
  }).timeout(300_000)

  test('restarted while idle: the first request after it succeeds', async ({ assert }) => {
    const browser = await loggedIn()
    const before = await browser.request('GET', '/dashboard')
    assert.equal(before.status, 200, before.body)
    await server.stop()
    server = await startEmbedded({ dataDir, port })
    // No retry: the pool's connections to the stopped server are dropped, a new one is made
    const after = await browser.request('GET', '/dashboard')
    assert.equal(after.status, 200, after.body)
    assert.equal(JSON.parse(after.body).component, 'Dashboard')
  }).timeout(300_000)
})
