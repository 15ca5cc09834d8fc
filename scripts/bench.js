/*
 * `npm run bench`: the clients list under load (issue 4, reference §C). The app runs IN THIS
 * PROCESS against a real PostgreSQL (DATABASE_URL, default postgres://postgres@127.0.0.1:5432/
 * esi_bench: created, migrated and filled by `node ace db:volume` when needed); autocannon runs
 * in a worker thread so it does not share the server's event loop. An esi bench user logs in
 * through the real forms (password, then the TOTP code of a known secret), then each scenario
 * runs 10 s with 10 connections. The SQL query count is measured on one extra request of each
 * kind by counting the queries the pg driver sends. Prints a table, keeps it in
 * storage/bench/last.md. Times are never asserted anywhere (tests do not measure).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)

function percentile(sorted, p) {
  if (!sorted.length) return NaN
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

function load(url, headers, duration = DURATION) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { url, headers, duration, connections: CONNECTIONS },
    })
    worker.once('message', resolve)
    worker.once('error', reject)
  })
}

/** A tiny cookie jar over fetch: what a browser session keeps between requests. */
class Session {
  cookies = new Map()
  constructor(base) {
    this.base = base
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }
  async request(method, url, { form, headers = {} } = {}) {
    const init = { method, redirect: 'manual', headers: { cookie: this.header(), ...headers } }
    if (form) {
      init.body = new URLSearchParams(form).toString()
      init.headers['content-type'] = 'application/x-www-form-urlencoded'
      const xsrf = this.cookies.get('XSRF-TOKEN')
      if (xsrf) init.headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    }
    const response = await fetch(this.base + url, init)
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';')
      const at = pair.indexOf('=')
      this.cookies.set(pair.slice(0, at), pair.slice(at + 1))
    }
    return response
  }
}

async function main() {
  const { ROOT, ensureDotEnv, runOrExit } = await import('./lib/env.js')
  const { default: pg } = await import('pg')
  const databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esi_bench'
  const env = {
    ...ensureDotEnv(),
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: process.env.BENCH_PORT ?? '3398',
  }
  delete env.DB_HOST
  delete env.EMBEDDED_DB

  // The database: created if missing, migrated, filled (db:volume tops up, else does nothing)
  const url = new URL(databaseUrl)
  const name = url.pathname.slice(1)
  const admin = new URL(databaseUrl)
  admin.pathname = '/postgres'
  const client = new pg.Client({ connectionString: admin.toString() })
  await client.connect()
  const exists = await client.query('select 1 from pg_database where datname = $1', [name])
  if (!exists.rowCount) await client.query(`create database "${name.replace(/"/g, '')}"`)
  await client.end()
  console.log(`› Base : ${url.host}/${name}`)
  await runOrExit('node', ['ace', 'migration:run', '--force'], { env, stdio: 'ignore' })
  await runOrExit('node', ['ace', 'db:volume'], { env })

  // The app, in this process
  Object.assign(process.env, env)
  await import('@poppinss/ts-exec')
  await import('reflect-metadata')
  const { Ignitor } = await import('@adonisjs/core')
  const APP_ROOT = new URL('../', import.meta.url)
  let app
  await new Ignitor(APP_ROOT, {
    importer: (file) => import(file.startsWith('.') ? new URL(file, APP_ROOT).href : file),
  })
    .tap((a) => {
      app = a
      a.booting(async () => {
        await import('#start/env')
      })
    })
    .httpServer()
    .start()
  const base = `http://127.0.0.1:${env.PORT}`

  // The bench user: esi, verified, two-factor on with a known secret (bench data only)
  const { default: User } = await import('#models/user')
  const { encryptTotpSecret, currentCode } = await import('#services/two_factor')
  const SECRET = 'KRSXG5CTMVRXEZLUKRSXG5CTMVRXEZLU'
  const PASSWORD = 'bench-password-2026'
  const user = await User.updateOrCreate(
    { email: 'bench@esi.test' },
    {
      name: 'Bench Esi',
      role: 'esi',
      droitsAccordes: [],
      password: PASSWORD,
      emailVerifiedAt: (await import('luxon')).DateTime.now(),
      twoFactorSecret: encryptTotpSecret(SECRET),
      twoFactorConfirmedAt: (await import('luxon')).DateTime.now(),
      twoFactorLastStep: null,
    }
  )

  // Login through the real forms: password, then the code
  const session = new Session(base)
  await session.request('GET', '/login')
  const step1 = await session.request('POST', '/login', {
    form: { email: user.email, password: PASSWORD },
  })
  const step2 = await session.request('POST', '/two-factor-challenge', {
    form: { code: currentCode(SECRET, Date.now()) },
  })
  if (
    step1.headers.get('location') !== '/two-factor-challenge' ||
    step2.headers.get('location') !== '/dashboard'
  ) {
    throw new Error(`Connexion du compte de bench impossible (${step1.status} → ${step2.status})`)
  }
  const probe = await session.request('GET', '/esi/customers', { headers: { 'x-inertia': 'true' } })
  const version = probe.headers.get('x-inertia-version') ?? ''
  const inertia = {
    cookie: session.header(),
    'x-inertia': 'true',
    'x-inertia-version': version,
    'x-requested-with': 'XMLHttpRequest',
  }
  const json = { cookie: session.header(), accept: 'application/json' }

  const scenarios = [
    ['Clients, Inertia, ?sort=-id_client', '/esi/customers?sort=-id_client', inertia],
    // What the page asks when sorting, searching or paging: the list's props only
    [
      'Clients, rechargement partiel (tri)',
      '/esi/customers?sort=nom',
      {
        ...inertia,
        'x-inertia-partial-component': 'esi/customer/Index',
        'x-inertia-partial-data': 'clients,filters,warnings',
      },
    ],
    ['Clients, filtre type', '/esi/customers?sort=-id_client&filter[type]=professionnel', inertia],
    ['Clients, recherche ?q=dupont', '/esi/customers?sort=-id_client&q=dupont', inertia],
    ['Clients, dernière page (keyset)', '/esi/customers?sort=-id_client&page=last', inertia],
    ['Clients, tri nom, dernière page', '/esi/customers?sort=nom&page=last', inertia],
    ['JSON nu : GET /api/user', '/api/user', json],
  ]

  // SQL queries of one request: every query the pg driver sends while it runs
  let counting = false
  let queries = 0
  const original = pg.Client.prototype.query
  pg.Client.prototype.query = function (...args) {
    if (counting) {
      queries++
      if (process.env.BENCH_DEBUG)
        console.log(
          '    SQL:',
          String(args[0]?.text ?? args[0])
            .replace(/\s+/g, ' ')
            .slice(0, 160)
        )
    }
    return original.apply(this, args)
  }
  async function queriesOf(path, headers) {
    queries = 0
    counting = true
    const response = await fetch(base + path, { headers })
    await response.arrayBuffer()
    counting = false
    if (response.status !== 200) throw new Error(`${path} : HTTP ${response.status}`)
    return queries
  }

  // Before any load, one request at a time: nothing else is running
  const sqlCounts = []
  for (const [label, path, headers] of scenarios) {
    if (process.env.BENCH_DEBUG) console.log(`  ${label}`)
    sqlCounts.push(await queriesOf(path, headers))
  }

  const rows = []
  for (const [i, [label, path, headers]] of scenarios.entries()) {
    const sql = sqlCounts[i]
    await load(base + path, headers, 2) // warm-up
    const started = Date.now()
    const result = await load(base + path, headers)
    const seconds = (Date.now() - started) / 1000
    const sorted = Float64Array.from(result.latencies).sort()
    const ok = result.statuses[200] ?? 0
    rows.push({
      label,
      rps: sorted.length / Math.min(seconds, DURATION),
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      sql,
      errors: sorted.length - ok + result.errors,
    })
    console.log(`  ${label} : ${Math.round(rows.at(-1).rps)} req/s`)
  }

  const cpus = os.cpus()
  const [{ n: clients }] = await (
    await import('@adonisjs/lucid/services/db')
  ).default
    .from('clients')
    .count('* as n')
  const lines = [
    `| scénario | req/s | p50 (ms) | p95 (ms) | p99 (ms) | requêtes SQL / requête | erreurs |`,
    `|---|---:|---:|---:|---:|---:|---:|`,
    ...rows.map(
      (r) =>
        `| ${r.label} | ${Math.round(r.rps)} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.p99.toFixed(1)} | ${r.sql} | ${r.errors} |`
    ),
  ]
  const context =
    `${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC — ${cpus.length} × ${cpus[0]?.model.trim()}, ` +
    `Node ${process.version}, NODE_ENV=${env.NODE_ENV}, sessions ${env.SESSION_DRIVER ?? 'database'}, ` +
    `${Number(clients).toLocaleString('fr-BE')} clients, ${CONNECTIONS} connexions × ${DURATION} s par scénario`
  console.log(`\n${context}\n\n${lines.join('\n')}\n`)
  const out = path.join(ROOT, 'storage/bench')
  mkdirSync(out, { recursive: true })
  writeFileSync(path.join(out, 'last.md'), `${context}\n\n${lines.join('\n')}\n`)
  console.log('› Tableau gardé dans storage/bench/last.md')

  pg.Client.prototype.query = original
  await app.terminate()
  process.exit(0)
}

// Last, once the class and functions above exist: the worker's job, or the bench itself
if (!isMainThread) {
  // Worker: one autocannon run, every latency kept for exact percentiles
  const { default: autocannon } = await import('autocannon')
  const latencies = []
  const statuses = {}
  const instance = autocannon({
    url: workerData.url,
    headers: workerData.headers,
    connections: workerData.connections,
    duration: workerData.duration,
  })
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time)
    statuses[status] = (statuses[status] ?? 0) + 1
  })
  const result = await instance
  parentPort.postMessage({ latencies, statuses, errors: result.errors, timeouts: result.timeouts })
} else {
  await main()
}
