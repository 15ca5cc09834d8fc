/*
 * The fault tests' tools (issue 15 §2): the real app as a child process (bin/server.ts, the
 * production entry, on its own port) that a test can kill -9, a lock the test holds so that a
 * request waits INSIDE its transaction (no hook in the app), and polls with deadlines (never a
 * sleep that hopes).
 *
 * The child talks to the same test database as the test process (its sessions too, so the api
 * client's loginAs works against it), or to the database the caller names.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'
import app from '@adonisjs/core/services/app'
import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type User from '#models/user'
import { TEST_PASSWORD } from '#database/factories/user_factory'
import { keepCookies, totpOf } from '#tests/auth_helpers'

/** Polls `probe` until it gives a truthy value; fails with `what` after `seconds`. */
export async function until<T>(
  what: string,
  probe: () => Promise<T | null | undefined | false>,
  seconds = 60
): Promise<T> {
  const deadline = Date.now() + seconds * 1000
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`Délai dépassé : ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer()
    srv.once('error', reject)
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo
      srv.close(() => resolve(port))
    })
  })
}

const running = new Set<ChildProcess>()
// A test that fails half-way never leaves an app process behind
process.once('exit', () => running.forEach((child) => child.kill('SIGKILL')))

export class AppProcess {
  output = ''
  private exit: Promise<{ code: number | null; signal: string | null }>

  private constructor(
    readonly child: ChildProcess,
    readonly port: number
  ) {
    running.add(child)
    const take = (chunk: Buffer) => {
      this.output = (this.output + chunk.toString()).slice(-20_000)
    }
    child.stdout!.on('data', take)
    child.stderr!.on('data', take)
    this.exit = new Promise((resolve) =>
      child.once('exit', (code, signal) => {
        running.delete(child)
        resolve({ code, signal })
      })
    )
  }

  /**
   * Starts `node bin/server.ts` and waits for it: the test environment (sync queue, quiet log)
   * but the sessions in the database, as in production (a session outlives a killed process).
   */
  static async start(env: Record<string, string> = {}, port?: number): Promise<AppProcess> {
    const chosen = port ?? (await freePort())
    const child = spawn(process.execPath, ['--import', '@poppinss/ts-exec', 'bin/server.ts'], {
      cwd: app.makePath(),
      env: {
        ...process.env,
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(chosen),
        SESSION_DRIVER: 'database',
        // No daily job may write while a test compares row counts
        RELANCES_HEURE: 'off',
        RAPPELS_HEURE: 'off',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    })
    const started = new AppProcess(child, chosen)
    let gone = false
    let last = 'pas de réponse'
    void started.exit.then(() => (gone = true))
    await until(
      `démarrage de l'application (port ${chosen})`,
      async () => {
        if (gone) throw new Error(`L'application s'est arrêtée :\n${started.output.slice(-3000)}`)
        try {
          const res = await fetch(started.url('/login'), { headers: { 'x-inertia': 'true' } })
          const text = await res.text()
          last = `${res.status} ${text.slice(0, 500)}`
          return res.status === 200 || res.status === 409 // 409: an Inertia version to take
        } catch {
          return false // not listening yet
        }
        // A loaded 2-core machine compiles the TypeScript sources slowly: a generous deadline
      },
      180
    ).catch((error: Error) => {
      started.child.kill('SIGKILL')
      throw new Error(`${error.message} (${last})\n${started.output.slice(-3000)}`)
    })
    return started
  }

  url(path: string) {
    return `http://127.0.0.1:${this.port}${path}`
  }

  get pid() {
    return this.child.pid!
  }

  /** kill -9: no shutdown hook, no rollback by the app, sockets closed by the kernel. */
  async kill() {
    this.child.kill('SIGKILL')
    await this.exit
  }

  /** How the process ended (its exit code, or the signal that killed it). */
  get exited() {
    return this.exit
  }

  async stop() {
    this.child.kill('SIGTERM')
    const done = await Promise.race([
      this.exit,
      new Promise((resolve) => setTimeout(() => resolve(null), 20_000)),
    ])
    if (!done) await this.kill()
  }
}

/**
 * A table lock held by the test in its own transaction: the app's request that needs it waits
 * there, after the writes it made before. SHARE mode lets the app read the table, not write it.
 */
const heldLocks = new Set<HeldLock>()

export class HeldLock {
  private constructor(
    private trx: TransactionClientContract,
    readonly pid: number
  ) {}

  static async take(table: string, mode = 'SHARE'): Promise<HeldLock> {
    const trx = await db.transaction()
    const { rows } = await trx.rawQuery('select pg_backend_pid() as pid')
    await trx.rawQuery(`LOCK TABLE ${table} IN ${mode} MODE`)
    const lock = new HeldLock(trx, Number(rows[0].pid))
    heldLocks.add(lock)
    return lock
  }

  /** Every lock a failed test left held (teardown: before its cleanup needs the tables). */
  static async releaseAll() {
    for (const lock of heldLocks) await lock.release()
  }

  /**
   * The backends waiting for this lock, with their statement, once there is one; fails at once
   * when the request ended without reaching it (its answer said).
   */
  async waiters(what: string, pending: Promise<unknown>) {
    let ended: unknown = null
    void pending.then((answer) => (ended = answer ?? 'fin'))
    return until(
      `${what} : une requête de l'application attend le verrou`,
      async () => {
        if (ended)
          throw new Error(
            `${what} : la requête a fini sans attendre le verrou : ${describe(ended)}`
          )
        const { rows } = await db.rawQuery(
          'select pid, query from pg_stat_activity where ? = any(pg_blocking_pids(pid))',
          [this.pid]
        )
        return rows.length ? (rows as { pid: number; query: string }[]) : null
      },
      120
    )
  }

  async release() {
    heldLocks.delete(this)
    if (!this.trx.isCompleted) await this.trx.rollback()
  }
}

/** Waits until those backends are gone (a dead client's transaction is rolled back then). */
export async function backendsGone(pids: number[]) {
  await until('fin des connexions de l’application tuée', async () => {
    const { rows } = await db.rawQuery(
      'select count(*)::int as n from pg_stat_activity where pid = any(?)',
      [pids]
    )
    return rows[0].n === 0
  })
}

/** Tables whose rows a request may add without it being its work (sessions, limiter, queue). */
const NOT_BUSINESS = new Set([
  'adonis_schema',
  'adonis_schema_versions',
  'sessions',
  'rate_limits',
  'queue_jobs',
  'queue_schedules',
])

/** The exact row count of every business table. */
export async function rowCounts(): Promise<Record<string, number>> {
  const { rows } = await db.rawQuery(
    "select tablename from pg_tables where schemaname = 'public' order by tablename"
  )
  const tables = (rows as { tablename: string }[])
    .map((r) => r.tablename)
    .filter((t) => !NOT_BUSINESS.has(t))
  const select = tables.map((t) => `(select count(*)::int from "${t}") as "${t}"`).join(', ')
  const counted = await db.rawQuery(`select ${select}`)
  return counted.rows[0]
}

function describe(answer: unknown): string {
  const response = answer as { status?: number; body?: string }
  if (typeof response.status === 'number') return `${response.status} ${response.body}`
  return String(answer)
}

export type Answer = {
  status: number
  location: string | null
  type: string
  body: string
  /** The Connection header: « close » when the app ends the connection after this answer. */
  connection: string | null
}

/**
 * A browser against the app process: keeps its cookies, sends the XSRF token back, asks for
 * Inertia visits (the page object, as the app's pages do after the first load) or JSON.
 */
export class AppVisitor {
  cookies = new Map<string, string>()
  /** The app's assets version, learnt from its answers (a built app hashes its manifest). */
  private version = '1'

  constructor(private appProcess: () => AppProcess) {}

  private keep(response: Response) {
    keepCookies(this.cookies, response)
  }

  /** `as`: an Inertia visit (default), a JSON call, or a plain download/page. */
  async request(
    method: string,
    path: string,
    body?: Record<string, unknown> | FormData,
    as: 'inertia' | 'json' | 'plain' = 'inertia',
    /** Aborting it closes the connection: the client goes away mid-request. */
    signal?: AbortSignal
  ): Promise<Answer> {
    const headers: Record<string, string> = {
      accept: as === 'json' ? 'application/json' : 'text/html, application/xhtml+xml',
    }
    if (as === 'inertia') {
      Object.assign(headers, { 'x-inertia': 'true', 'x-inertia-version': this.version })
    }
    if (as === 'json') headers['x-requested-with'] = 'XMLHttpRequest'
    if (this.cookies.size)
      headers.cookie = [...this.cookies].map(([n, v]) => `${n}=${v}`).join('; ')
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (xsrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    const form = body instanceof FormData
    if (body && !form) headers['content-type'] = 'application/json'
    const response = await fetch(this.appProcess().url(path), {
      method,
      headers,
      body: form ? body : body ? JSON.stringify(body) : undefined,
      redirect: 'manual',
      signal,
    })
    this.keep(response)
    // A visit with a stale assets version is answered 409, as the Inertia client sees it: it
    // learns the version and visits again
    const version = response.headers.get('x-inertia-version')
    if (as === 'inertia' && response.status === 409 && version && version !== this.version) {
      this.version = version
      return this.request(method, path, body, as, signal)
    }
    const type = response.headers.get('content-type') ?? ''
    const bytes = Buffer.from(await response.arrayBuffer())
    return {
      status: response.status,
      location: response.headers.get('location'),
      connection: response.headers.get('connection'),
      type,
      body: type.startsWith('application/pdf') ? bytes.toString('latin1') : bytes.toString('utf8'),
    }
  }

  /** The login form and the second factor, as a person does (the session is in the database). */
  async login(user: User) {
    await this.request('GET', '/login')
    const first = await this.request('POST', '/login', {
      email: user.email,
      password: TEST_PASSWORD,
    })
    if (first.location?.includes('two-factor')) {
      const second = await this.request('POST', '/two-factor-challenge', { code: totpOf(user) })
      if (second.status !== 302 && second.status !== 303) {
        throw new Error(`Connexion refusée : ${second.status} ${second.body.slice(0, 300)}`)
      }
    }
    return this
  }
}

/** A request's promise that settles either way (the app may die under it). */
export function settle<T>(request: PromiseLike<T>): Promise<T | Error> {
  return Promise.resolve(request).then(
    (value) => value,
    (error: Error) => error
  )
}

/** What a fault test made through the app process: its clients, users and devis. */
export type Made = { clients: number[]; users: number[]; devis: number[] }

/**
 * Removes what a fault test made (issued factures too: the freeze triggers are off for this
 * cleanup only, in its transaction) and puts the numbering counters back as they were.
 */
export async function removeMade(made: Made, counters: Record<string, unknown>[]) {
  const rows = await db.from('factures').whereIn('client_id', made.clients).select('id')
  const factures = rows.map((r) => r.id)
  const releves = db.from('releves_bancaires').whereIn('imported_by', made.users).select('id')
  await db.transaction(async (trx) => {
    await trx.rawQuery('ALTER TABLE factures DISABLE TRIGGER factures_freeze_issued')
    await trx.rawQuery('ALTER TABLE facture_lignes DISABLE TRIGGER facture_lignes_freeze_issued')
    await trx.from('releve_lignes').whereIn('releve_id', releves).delete()
    await trx.from('releves_bancaires').whereIn('imported_by', made.users).delete()
    await trx.from('paiement_allocations').whereIn('facture_id', factures).delete()
    await trx.from('paiements').whereIn('client_id', made.clients).delete()
    await trx.from('facture_lignes').whereIn('facture_id', factures).delete()
    await trx.from('factures').whereIn('id', factures).delete()
    await trx.rawQuery('ALTER TABLE factures ENABLE TRIGGER factures_freeze_issued')
    await trx.rawQuery('ALTER TABLE facture_lignes ENABLE TRIGGER facture_lignes_freeze_issued')
    await trx.from('devis').whereIn('id', made.devis).delete()
    await trx.from('audit_logs').whereIn('user_id', made.users).delete()
    await trx
      .from('audit_logs')
      .whereIn('subject_type', ['facture', 'paiement', 'releve_bancaire', 'devis'])
      .where('created_at', '>', trx.raw(`now() - interval '10 minutes'`))
      .delete()
    await trx.from('notifications').whereIn('user_id', made.users).delete()
    await trx.from('clients').whereIn('id_client', made.clients).delete()
    await trx.from('users').whereIn('id', made.users).delete()
    await trx.from('document_counters').delete()
    if (counters.length) await trx.table('document_counters').multiInsert(counters)
  })
  made.clients = []
  made.users = []
  made.devis = []
}
