/*
 * The two-process mode of `npm run bench` (BENCH_PROCESSES=2, issue 15 §1): the app as N
 * processes behind one port, with node:cluster (the primary accepts, the workers serve, round
 * robin). Each worker runs bin/server.ts as `node ace serve`'s child would (TypeScript through
 * @poppinss/ts-exec), with the bench's environment; sessions are in the database, so a cookie
 * made by one process is good on the others.
 * Run as a script, it is the cluster's primary: `node scripts/lib/bench_cluster.js <N>`; it
 * prints « ready » once every worker listens and stops them all on SIGTERM.
 * startCluster() (used by bench.js) spawns it and resolves once it is ready. Same call as the
 * cluster launcher of scripts/lib/cluster.js (branch h-multi), which bench.js prefers when it
 * is there: this file is the fallback until the two are merged.
 */
import cluster from 'node:cluster'
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'
import path from 'node:path'

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..')
const SELF = fileURLToPath(import.meta.url)

/** Starts `workers` app processes on `port`; resolves with { url, stop } once all listen. */
export function startCluster({ workers = 2, port, env = process.env }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [SELF, String(workers)], {
      cwd: ROOT,
      env: { ...env, PORT: String(port) },
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    const timer = setTimeout(() => {
      child.kill('SIGTERM')
      reject(new Error('Les processus de l’app ne répondent pas après 120 s'))
    }, 120_000)
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`Le primaire du cluster s’est arrêté (code ${code})`))
    })
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (text) => {
      if (!text.includes('ready')) return
      clearTimeout(timer)
      resolve({
        url: `http://127.0.0.1:${port}`,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners('exit')
            child.once('exit', () => done())
            child.kill('SIGTERM')
          }),
      })
    })
  })
}

// The primary: N workers on bin/server.ts, « ready » when all listen, all stopped on SIGTERM
if (process.argv[1] === SELF && cluster.isPrimary) {
  const count = Number(process.argv[2] ?? 2)
  cluster.setupPrimary({
    exec: path.join(ROOT, 'bin/server.ts'),
    execArgv: ['--import', '@poppinss/ts-exec'],
  })
  let listening = 0
  let stopping = false
  cluster.on('listening', () => {
    if (++listening === count) console.log('ready')
  })
  cluster.on('exit', (worker, code) => {
    if (!stopping) {
      console.error(`› processus ${worker.process.pid} arrêté (code ${code})`)
      process.exit(1)
    }
  })
  for (let i = 0; i < count; i++) cluster.fork()
  process.on('SIGTERM', () => {
    stopping = true
    for (const worker of Object.values(cluster.workers ?? {})) worker?.kill('SIGTERM')
    const exit = setTimeout(() => process.exit(0), 10_000)
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) {
        clearTimeout(exit)
        process.exit(0)
      }
    })
  })
}
