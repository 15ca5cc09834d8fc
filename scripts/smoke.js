/*
 * Quick-start smoke test (.ci/run, after `npm test`): the app started exactly as the README tells
 * a new user (`npm start`, embedded PostgreSQL, no DATABASE_URL), then used by several people at
 * once, as they would: 50 concurrent logins of the demo accounts (esi with its TOTP code, once
 * per 30-s step since a code cannot be replayed), 200 concurrent page visits across roles, a
 * wrong password 10 times (throttled with the French message), forgot-password, logout. Any 5xx
 * or stack trace in a body fails it. Then `npm start` is stopped as a user does (Ctrl-C) and
 * started again: the data must still be there.
 *
 * Bounded: every wait has a deadline; it only talks to 127.0.0.1. Exit code 0 = passed.
 */
import { spawn } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pg from 'pg'
import * as OTPAuth from 'otpauth'
import { Agent, fetch as undiciFetch } from 'undici'
import { ROOT } from './lib/env.js'

const PORT = Number(process.env.SMOKE_PORT ?? 3333)
const BASE = `http://127.0.0.1:${PORT}`
const PASSWORD = 'demo-password-2026'
const ESI_SECRET = 'JBSWY3DPEHPK3PXP' // the demo esi's TOTP secret (README, demo data only)
const STACK =
  /(\bat [\w$.<>[\] ]+ \((?:file:\/\/)?\/[^)]+:\d+:\d+\))|node_modules\/|youch|Error: .*\n\s+at /i

const failures = []
const serverLogs = []
let requests = 0
const fail = (what) => {
  failures.push(what)
  console.error(`✗ ${what}`)
}

/* ------------------------------------------------------------------ the app as a child process */

function startApp() {
  const env = { ...process.env, PORT: String(PORT) }
  // The README's quick start: no database configured, the embedded PostgreSQL
  for (const key of ['DATABASE_URL', 'DB_HOST', 'DB_PORT', 'DB_USER', 'DB_PASSWORD', 'DB_DATABASE'])
    delete env[key]
  delete env.NODE_ENV
  const child = spawn('npm', ['start'], { cwd: ROOT, env, detached: true })
  const out = { text: '', dbPort: null }
  serverLogs.push(out)
  const take = (chunk) => {
    const s = chunk.toString()
    out.text += s
    const m = s.match(/PostgreSQL embarqué sur 127\.0\.0\.1:(\d+)/)
    if (m) out.dbPort = Number(m[1])
    if (process.env.SMOKE_VERBOSE) process.stdout.write(s)
  }
  child.stdout.on('data', take)
  child.stderr.on('data', take)
  const exited = new Promise((resolve) =>
    child.on('exit', (code, signal) => resolve({ code, signal }))
  )
  return { child, out, exited }
}

async function waitReady(app, seconds) {
  const deadline = Date.now() + seconds * 1000
  while (Date.now() < deadline) {
    const early = await Promise.race([
      app.exited,
      new Promise((r) => setTimeout(() => r(null), 1000)),
    ])
    if (early)
      throw new Error(`npm start s'est arrêté (code ${early.code}) :\n${app.out.text.slice(-3000)}`)
    try {
      const res = await fetch(`${BASE}/login`)
      if (res.status === 200) return
    } catch {
      // not listening yet
    }
  }
  throw new Error(`l'application ne répond pas après ${seconds} s :\n${app.out.text.slice(-3000)}`)
}

/** Ctrl-C in the terminal: SIGINT to the whole process group, then it must end by itself. */
async function stopApp(app, seconds = 60) {
  process.kill(-app.child.pid, 'SIGINT')
  const result = await Promise.race([
    app.exited,
    new Promise((r) => setTimeout(() => r(null), seconds * 1000)),
  ])
  if (!result) {
    process.kill(-app.child.pid, 'SIGKILL')
    fail(`npm start ne s'est pas arrêté dans les ${seconds} s après Ctrl-C`)
  }
  const pidFile = path.join(ROOT, 'storage/postgres/postmaster.pid')
  if (existsSync(pidFile)) fail('le PostgreSQL embarqué tourne encore après l’arrêt de npm start')
}

/* ------------------------------------------------------------------ a browser-like visitor */

/*
 * Each visitor is a person on his own machine: his own loopback address (127.0.0.2, .3, …), so
 * the per-address login limits see an office, not one attacker (the whole 127.0.0.0/8 range
 * reaches the app on Linux).
 */
let nextAddress = 2

class Visitor {
  constructor(label) {
    this.label = label
    this.cookies = new Map()
    this.version = null
    const address = `127.0.${Math.floor(nextAddress / 250)}.${(nextAddress % 250) + 1}`
    nextAddress++
    this.dispatcher = new Agent({ localAddress: address })
  }

  cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ')
  }

  keep(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const eq = pair.indexOf('=')
      const name = pair.slice(0, eq).trim()
      const value = pair.slice(eq + 1).trim()
      const gone = attrs.some((a) => /max-age=0|expires=thu, 01 jan 1970/i.test(a.trim()))
      if (gone || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }

  async request(method, url, { json, inertia = false, expect } = {}) {
    const headers = { cookie: this.cookieHeader(), accept: 'text/html, application/json' }
    if (inertia || json) {
      headers['x-inertia'] = 'true'
      headers['x-requested-with'] = 'XMLHttpRequest'
      if (this.version) headers['x-inertia-version'] = this.version
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (xsrf) headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    if (json) headers['content-type'] = 'application/json'
    let res
    try {
      res = await undiciFetch(`${BASE}${url}`, {
        method,
        headers,
        body: json ? JSON.stringify(json) : undefined,
        redirect: 'manual',
        signal: AbortSignal.timeout(60_000),
        dispatcher: this.dispatcher,
      })
    } catch (error) {
      fail(`${this.label} ${method} ${url} : pas de réponse (${error.message})`)
      return { status: 0, body: '', location: null }
    }
    requests++
    this.keep(res)
    const body = await res.text()
    const page = body.match(/<script data-page="app" type="application\/json">(.*?)<\/script>/s)
    if (page) this.version = JSON.parse(page[1]).version ?? this.version
    if (res.headers.get('x-inertia') && body.startsWith('{')) {
      this.version = JSON.parse(body).version ?? this.version
    }
    if (res.status >= 500) fail(`${this.label} ${method} ${url} → ${res.status}`)
    if (STACK.test(body)) fail(`${this.label} ${method} ${url} → trace de pile dans la réponse`)
    if (expect && !expect.includes(res.status))
      fail(`${this.label} ${method} ${url} → ${res.status}, attendu ${expect.join(' ou ')}`)
    return { status: res.status, body, location: res.headers.get('location') }
  }

  get(url, opts) {
    return this.request('GET', url, opts)
  }

  post(url, json, opts = {}) {
    return this.request('POST', url, { ...opts, json })
  }
}

const totp = new OTPAuth.TOTP({
  secret: OTPAuth.Secret.fromBase32(ESI_SECRET),
  digits: 6,
  period: 30,
})
let lastEsiStep = -1

/** Waits for a new 30-s step when the esi code of this one was used already. */
async function esiCode() {
  let step = Math.floor(Date.now() / 30_000)
  if (step === lastEsiStep) {
    await new Promise((r) => setTimeout(r, (step + 1) * 30_000 - Date.now() + 200))
    step = Math.floor(Date.now() / 30_000)
  }
  lastEsiStep = step
  return totp.generate()
}

async function login(email, label) {
  const v = new Visitor(label)
  await v.get('/login', { expect: [200] })
  const res = await v.post('/login', { email, password: PASSWORD })
  let to = res.location
  if (to?.endsWith('/two-factor-challenge')) {
    await v.get('/two-factor-challenge', { expect: [200] })
    const code = await v.post('/two-factor-challenge', { code: await esiCode() })
    to = code.location
  }
  if (!to || !/\/dashboard$/.test(to)) {
    fail(
      `${label} : la connexion de ${email} ne mène pas au tableau de bord (${res.status} → ${to})`
    )
    return null
  }
  await v.get('/dashboard', { expect: [200] })
  return v
}

/* ------------------------------------------------------------------ the scenario */

const PAGES = {
  esi: [
    '/dashboard',
    '/esi/customers?sort=-id_client',
    '/esi/devis',
    '/esi/devis/stats',
    '/esi/bdc',
    '/esi/commandes',
    '/esi/produits',
    '/esi/textes',
    '/app/company',
    '/app/contacts',
    '/app/offres',
    '/recherhce?q=dubois',
    '/profile',
    '/test-access',
    '/esi/devis/99999999999/edit',
    // Issue 12: the step lists and a demo commande at each page (ids of the demo story)
    '/esi/commandes/mesurage',
    '/esi/commandes/production',
    '/esi/commandes/fourniture',
    '/esi/commandes/2',
    '/esi/commandes/mesurage/13',
    '/esi/commandes/production/16',
    '/esi/commandes/fourniture/17',
    '/esi/commandes/11/pose',
    '/esi/commandes/11/reception',
    '/esi/commandes/14/avenant',
    // Issue 13: the planning (calendar, resource view, map, the technician's day, settings, JSON)
    '/esi/planning/tec',
    '/esi/planning/com?vue=ressources',
    '/esi/planning/tec/carte',
    '/esi/planning/ma-journee',
    '/esi/planning/equipes',
    '/esi/planifications?type=tec',
    '/esi/planifications/attente?type=tec',
    // Issue 14 §5: the preview area's special pages and the global search over factures
    '/preview/landing',
    '/preview/specials/checkout',
    '/preview/specials/status',
    '/recherhce?q=fac',
    // Issue 14: dashboards, analyses, archive, réalisations and the public portfolio
    '/esi/dashboard-pro',
    '/esi/analyse/chiffre-affaires',
    '/esi/analyse/chiffre-affaires?source=bdc',
    '/esi/analyse/rentabilite',
    '/esi/analyse/acceptation',
    '/esi/analyse/techniciens',
    '/esi/archive',
    '/esi/archive?q=jacobs',
    '/esi/archive/1',
    '/esi/realisation',
    '/realisations',
  ],
  pro: [
    '/dashboard',
    '/app/contacts',
    '/app/offres',
    '/app/company',
    '/profile',
    '/esi/devis',
    '/esi/dashboard-pro',
    '/esi/archive',
  ],
  other: ['/dashboard', '/app/company', '/profile', '/app/contacts', '/'],
}

async function auditLogins(dbPort) {
  const password = readFileSync(path.join(ROOT, 'storage/postgres.password'), 'utf8').trim()
  const client = new pg.Client({ host: '127.0.0.1', port: dbPort, user: 'postgres', password })
  await client.connect()
  try {
    const { rows } = await client.query(
      `SELECT count(*)::int AS n FROM audit_logs WHERE action = 'auth.login'`
    )
    return rows[0].n
  } finally {
    await client.end()
  }
}

async function main() {
  const started = Date.now()
  console.log('› Smoke : npm start (base embarquée, comme le README)…')
  let app = startApp()
  await waitReady(app, 900)
  console.log(`  prête en ${Math.round((Date.now() - started) / 1000)} s`)

  // 50 concurrent logins: pro and ordinary accounts, and the esi once (one code per step)
  const t0 = Date.now()
  const logins = await Promise.all([
    login('esi@demo.test', 'esi'),
    ...Array.from({ length: 49 }, (_, i) =>
      i % 2 ? login('pro@demo.test', `pro#${i}`) : login('user@demo.test', `user#${i}`)
    ),
  ])
  const ok = logins.filter(Boolean)
  console.log(`  50 connexions simultanées : ${ok.length} réussies en ${Date.now() - t0} ms`)
  const byRole = { esi: [logins[0]].filter(Boolean), pro: [], other: [] }
  logins
    .slice(1)
    .forEach((v) => v && (v.label.startsWith('pro') ? byRole.pro : byRole.other).push(v))

  // A second esi login in the next step: its code is a new one
  const esi2 = await login('esi@demo.test', 'esi#2')
  if (esi2) byRole.esi.push(esi2)

  // 200 concurrent page visits across roles, full pages and Inertia visits
  const t1 = Date.now()
  const visits = []
  const turn = { esi: 0, pro: 0, other: 0 }
  for (let i = 0; i < 200; i++) {
    const role = ['esi', 'pro', 'other'][i % 3]
    const visitors = byRole[role]
    if (!visitors.length) continue
    // Each role walks its own list of pages, so every page is visited
    const n = turn[role]++
    const v = visitors[n % visitors.length]
    const pages = PAGES[role]
    visits.push(v.get(pages[n % pages.length], { inertia: n % 2 === 0 }))
  }
  const results = await Promise.all(visits)
  const statuses = {}
  for (const r of results) statuses[r.status] = (statuses[r.status] ?? 0) + 1
  console.log(`  ${visits.length} visites simultanées en ${Date.now() - t1} ms :`, statuses)

  // A wrong password 10 times: throttled with the French message, never a 500
  const intruder = new Visitor('mauvais mot de passe')
  await intruder.get('/login', { expect: [200] })
  for (let i = 0; i < 10; i++) {
    await intruder.post('/login', { email: 'user@demo.test', password: `faux-${i}` }, {})
  }
  const after = await intruder.get('/login', { inertia: true, expect: [200] })
  if (!after.body.includes('Trop de tentatives'))
    fail('après 10 mauvais mots de passe, pas de message « Trop de tentatives »')
  else console.log('  10 mauvais mots de passe : limité, message en français')

  // Forgot password and logout
  const forgetful = new Visitor('mot de passe oublié')
  await forgetful.get('/forgot-password', { expect: [200] })
  const forgot = await forgetful.post('/forgot-password', { email: 'pro@demo.test' })
  if (![302, 303].includes(forgot.status)) fail(`mot de passe oublié → ${forgot.status}`)
  const leaving = byRole.pro[0]
  if (leaving) {
    const out = await leaving.post('/logout', {})
    if (![302, 303].includes(out.status)) fail(`déconnexion → ${out.status}`)
    const back = await leaving.get('/dashboard')
    if (back.status === 200) fail('après la déconnexion, le tableau de bord est encore servi')
  }

  const loginsBefore = app.out.dbPort ? await auditLogins(app.out.dbPort) : 0
  console.log(`  ${requests} requêtes ; arrêt (Ctrl-C)…`)
  await stopApp(app)

  // Started again: quick (no rebuild), the data kept
  const t2 = Date.now()
  app = startApp()
  await waitReady(app, 300)
  console.log(`  redémarrée en ${Math.round((Date.now() - t2) / 1000)} s`)
  const again = await login('pro@demo.test', 'pro après redémarrage')
  if (again) await again.get('/app/contacts', { expect: [200] })
  const loginsAfter = app.out.dbPort ? await auditLogins(app.out.dbPort) : 0
  if (loginsAfter <= loginsBefore || loginsBefore < ok.length)
    fail(
      `données perdues au redémarrage (connexions enregistrées : ${loginsBefore} puis ${loginsAfter})`
    )
  else
    console.log(
      `  données gardées (${loginsBefore} connexions enregistrées avant, ${loginsAfter} après)`
    )
  await stopApp(app)

  for (const log of serverLogs) {
    const bad = log.text.match(/.*(prepared statement|ECONNREFUSED|Unhandled|stack).*/i)
    if (bad) fail(`erreur dans le journal du serveur : ${bad[0].slice(0, 300)}`)
  }
  const secs = Math.round((Date.now() - started) / 1000)
  if (failures.length) {
    console.error(`✗ Smoke : ${failures.length} échec(s) en ${secs} s`)
    process.exit(1)
  }
  console.log(`✓ Smoke : ${requests} requêtes, aucune 5xx, aucune trace de pile (${secs} s)`)
}

main().catch((error) => {
  console.error(`✗ Smoke : ${error.stack ?? error}`)
  process.exit(1)
})
