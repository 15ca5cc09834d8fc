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
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { ROOT } from './lib/env.js'
import { startBenchApp } from './lib/bench_app.js'
import { load } from './lib/bench_load.js'
import { cpuMsOf, postgresCpuBetween, postgresCpuByPid, profiled } from './lib/bench_profile.js'
import { summarise } from './lib/bench_report.js'
import { BARE, FIRSTS, FLOOR, readScenarios } from './lib/bench_scenarios.js'
import { prepareDevisBench } from './lib/bench_session.js'
import { sqlCounter } from './lib/bench_sql.js'

const DURATION = Number(process.env.BENCH_DURATION ?? 10)
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10)
/** Only the scenarios whose label matches (e.g. BENCH_ONLY=Devis). */
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, 'i') : null
/** BENCH_PROFILE=1: a CPU profile of each scenario (scripts/lib/bench_profile.js). */
const PROFILE = process.env.BENCH_PROFILE === '1'
const WARMUP = 2

const loadStart = os.loadavg()
const { app, base, env, database, session, user, headers } = await startBenchApp()
const { embedded, sourceUrl: databaseUrl } = database
const { inertia, json } = headers
const scenarios = readScenarios(inertia, json)

// Saving a devis of 50 lines and its PDF: one bench devis per connection (lock_version each)
const saveBench = await prepareDevisBench(session, user, CONNECTIONS)
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

const counter = sqlCounter(pg, base)

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
  sqlCounts.push(await counter.queriesOf(path, headers, save, post, drag))
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
  const loadOf = async (duration) =>
    load(loadBase + path, headers, {
      duration,
      connections: CONNECTIONS,
      save: await saveOf(save),
      post,
      drag: await dragOf(drag),
    })
  await loadOf(WARMUP)
  const started = Date.now()
  const cpuBefore = servedPids ? cpuMsOf(servedPids()) : null
  const dbBefore = postgresCpuByPid(databaseUrl)
  const measured = () => loadOf(DURATION)
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
  const { requests, rps, p50, p95, p99 } = summarise(result.latencies, Math.min(seconds, DURATION))
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
// Whether the créances search read its rows in the order of the names (the nightly pass, decision
// 832): on rows in the order they were written it costs PostgreSQL twice as much (decision 861)
const { searchOrderOf } = await import('#services/creances/creance_search_order')
const searchOrder = await searchOrderOf()
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
    postgres: `PostgreSQL ${pgVersion.rows[0].v} (${database.server})`,
    nodeEnv: env.NODE_ENV,
    // What the booted app uses (SESSION_DRIVER, else redis with REDIS_URL, else database)
    sessionDriver: app.config.get('session.store', env.SESSION_DRIVER ?? 'database'),
    database: database.label,
    connections: CONNECTIONS,
    duration: DURATION,
    warmup: WARMUP,
    only: process.env.BENCH_ONLY ?? null,
    volume,
    searchOrder,
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

counter.restore()
// The requests still running when the last load stopped end before the database is closed
await new Promise((resolve) => setTimeout(resolve, 2000))
await app.terminate()
await embedded?.stop()
process.exit(0)
