/*
 * `npm test`: the whole suite. Japa (unit, functional, browser) against a real PostgreSQL, then
 * Vitest for the front-end units, then one closing line "N passed, N failed".
 *
 * Database: with DATABASE_URL (or DB_HOST…) the tests use the database "<name>_test" on that
 * server (created if missing, wiped at each run); otherwise the same on a throwaway embedded
 * PostgreSQL (scripts/lib/embedded_pg.js), deleted when the run ends.
 * Extra arguments go to Japa, e.g. `npm test -- functional --files=api`.
 */
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import pg from 'pg'
import { ROOT, ensureDotEnv, hasRealDatabase, run } from './lib/env.js'
import { startEmbeddedPg } from './lib/embedded_pg.js'

ensureDotEnv()
const env = { ...process.env, NODE_ENV: 'test' }
let embedded = null

/** The database name this run may use: "<name>_test", or a private copy when another run holds it. */
let dropAfterRun = null
let lockClient = null

async function useTestDatabase() {
  const url = new URL(
    env.DATABASE_URL ??
      `postgres://${encodeURIComponent(env.DB_USER ?? 'postgres')}:${encodeURIComponent(env.DB_PASSWORD ?? '')}@${env.DB_HOST}:${env.DB_PORT ?? 5432}/${env.DB_DATABASE ?? 'postgres'}`
  )
  const base = url.pathname.replace(/^\//, '') || 'postgres'
  let testDb = base.endsWith('_test') ? base : `${base}_test`
  // The maintenance database always exists; the app's own database may not exist yet
  const admin = new URL(url)
  admin.pathname = '/postgres'
  lockClient = new pg.Client({ connectionString: admin.toString() })
  // A server going away under the lock's session must not crash the launcher
  lockClient.on('error', () => {})
  await lockClient.connect()
  // Two runs at once on one server would wipe each other's tables: the second gets its own copy
  const { rows } = await lockClient.query('select pg_try_advisory_lock(hashtext($1)) as ok', [
    testDb,
  ])
  if (!rows[0].ok) {
    testDb = `${testDb}_${process.pid}`
    dropAfterRun = testDb
  }
  const exists = await lockClient.query('select 1 from pg_database where datname = $1', [testDb])
  if (exists.rowCount === 0) await lockClient.query(`create database "${testDb.replace(/"/g, '')}"`)
  url.pathname = `/${testDb}`
  env.DATABASE_URL = url.toString()
  delete env.DB_HOST
  console.log(`› Base de test : ${url.host}/${testDb}`)
}

async function releaseTestDatabase() {
  if (!lockClient) return
  if (dropAfterRun) {
    await lockClient.query(`drop database if exists "${dropAfterRun}" with (force)`).catch(() => {})
  }
  await lockClient.end().catch(() => {})
}

/** The HTTP port of the in-process test server: TEST_PORT when free, else one the system picks. */
async function freeTestPort(preferred) {
  const net = await import('node:net')
  const tryPort = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer()
      srv.once('error', () => resolve(null))
      srv.listen(port, '127.0.0.1', () => {
        const chosen = srv.address().port
        srv.close(() => resolve(chosen))
      })
    })
  return (await tryPort(preferred)) ?? (await tryPort(0))
}
// A port the system picks (TEST_PORT to choose one): runs side by side never collide
env.PORT = String(await freeTestPort(Number(env.TEST_PORT ?? 0)))

if (hasRealDatabase(env)) {
  await useTestDatabase()
} else {
  embedded = await startEmbeddedPg({ dataDir: null, port: 5498 })
  Object.assign(env, embedded.env)
  console.log(`› PostgreSQL embarqué jetable sur le port ${embedded.env.DB_PORT}`)
  // The suite then runs as with a server of one's own: its DB_* made one DATABASE_URL for the
  // app and for the tests that open their own connections (decision 850)
  await useTestDatabase()
}

function capture(cmd, args) {
  return new Promise((resolve) => {
    let out = ''
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] })
    child.stdout.on('data', (d) => ((out += d), process.stdout.write(d)))
    child.stderr.on('data', (d) => ((out += d), process.stderr.write(d)))
    child.on('exit', (code) => resolve({ code: code ?? 1, out }))
  })
}

const strip = (s) => s.replace(/\x1b\[[0-9;]*m/g, '')
const count = (out, re) => [...strip(out).matchAll(re)].reduce((n, m) => n + Number(m[1]), 0)

const migrate = await run('node', ['ace', 'migration:fresh', '--force'], { env })
if (migrate !== 0) {
  await releaseTestDatabase()
  await embedded?.stop()
  process.exit(migrate)
}

const japaArgs = process.argv.slice(2)
if (!existsSync(env.CHROMIUM_PATH ?? '/usr/bin/chromium')) {
  console.warn(
    '! Chromium absent (/usr/bin/chromium) : la suite navigateur est ignorée. apt-get install chromium'
  )
  if (japaArgs.length === 0) japaArgs.push('unit', 'functional')
}
const japa = await capture('node', ['ace', 'test', ...japaArgs])
// The lock's session ends before its server (an embedded server stopping would kill it)
await releaseTestDatabase()
await embedded?.stop()

const onlyJapa = process.argv.length > 2
const vitest = onlyJapa ? { code: 0, out: '' } : await capture('npx', ['vitest', 'run'])

const passed =
  count(japa.out, /^\s*Tests\s+(\d+) passed/gm) +
  count(vitest.out, /^\s*Tests\s+(?:\d+ failed \| )?(\d+) passed/gm)
// Only the runners' summary lines count (a test may be named « 30 failed logins… »)
const failed =
  count(japa.out, /^\s*Tests\s+\d+ passed, (\d+) failed/gm) +
  count(japa.out, /^\s*Tests\s+(\d+) failed/gm) +
  count(vitest.out, /^\s*Tests\s+.*?(\d+) failed/gm)
console.log(`\nTotal: ${passed} passed, ${failed} failed`)
process.exit(japa.code || vitest.code ? 1 : 0)
