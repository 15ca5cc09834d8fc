/*
 * Several web processes on one port (issue 15 §4): `node build/bin/cluster.js` in production
 * (`npm run start:cluster` from the sources). The primary loads nothing of the app; it forks
 * WEB_CONCURRENCY workers (default: the number of CPUs) that each run bin/server and share PORT
 * through node:cluster (connections handed out in turn). A worker that dies is replaced (after
 * a growing pause if it keeps dying at start); SIGTERM or SIGINT stops every worker gracefully
 * (each finishes its requests: app.terminate), then the primary exits. Sessions, the rate
 * limiter and the queue must then live where every process sees them: Redis (REDIS_URL or the
 * *_DRIVER variables) and PostgreSQL, the files on S3 (README § Production).
 *
 * With an IPC channel (scripts/lib/cluster.js), the primary tells its parent when every worker
 * listens: { type: 'ready', workers: [pid…] }, and each replacement: { type: 'restarted', … }.
 */
import cluster, { type Worker } from 'node:cluster'
import os from 'node:os'
import { fileURLToPath } from 'node:url'

const COUNT = Math.max(1, Number(process.env.WEB_CONCURRENCY) || os.availableParallelism())
/** How long a worker has to finish its requests after SIGTERM before it is killed. */
const STOP_TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS) || 30_000
/** A worker dying sooner than this after its start counts as a crash loop: the pause grows. */
const EARLY_DEATH_MS = 5_000

/** One JSON line, like the workers' pino logs (level 30 = info, 50 = error). */
function log(level: 30 | 40 | 50, msg: string, extra: Record<string, unknown> = {}) {
  process.stdout.write(
    JSON.stringify({ level, time: Date.now(), pid: process.pid, name: 'cluster', msg, ...extra }) +
      '\n'
  )
}

function tell(message: Record<string, unknown>) {
  process.send?.(message)
}

// The server entry next to this file: bin/server.ts from the sources, bin/server.js when built
const here = fileURLToPath(import.meta.url)
const serverEntry = here.replace(/cluster\.(ts|js)$/, (_, ext) => `server.${ext}`)

cluster.setupPrimary({ exec: serverEntry })

let stopping = false
let earlyDeaths = 0
/** The live workers' start times, by cluster id (cluster.workers lags behind on exit). */
const startedAt = new Map<number, number>()
const listening = new Set<number>()
let announced = false

function fork() {
  const worker = cluster.fork()
  startedAt.set(worker.id, Date.now())
  return worker
}

function pids() {
  return Object.values(cluster.workers ?? {})
    .filter((w): w is Worker => Boolean(w))
    .map((w) => w.process.pid)
}

cluster.on('listening', (worker) => {
  listening.add(worker.id)
  if (!announced && listening.size >= COUNT) {
    announced = true
    log(30, `cluster: ${COUNT} workers à l’écoute`, { workers: pids() })
    tell({ type: 'ready', workers: pids() })
  } else if (announced) {
    tell({ type: 'restarted', pid: worker.process.pid, workers: pids() })
  }
})

cluster.on('exit', (worker, code, signal) => {
  listening.delete(worker.id)
  const lived = Date.now() - (startedAt.get(worker.id) ?? 0)
  startedAt.delete(worker.id)
  if (stopping) {
    if (startedAt.size === 0) {
      log(30, 'cluster: arrêté')
      process.exit(0)
    }
    return
  }
  earlyDeaths = lived < EARLY_DEATH_MS ? earlyDeaths + 1 : 0
  const pause = Math.min(30_000, earlyDeaths * 1000)
  log(50, 'cluster: un worker s’est arrêté, remplacé', {
    worker: worker.process.pid,
    code,
    signal,
    pauseMs: pause,
  })
  setTimeout(() => {
    if (!stopping) fork()
  }, pause)
})

function stop(signal: string) {
  if (stopping) return
  stopping = true
  log(30, `cluster: ${signal}, arrêt des workers`)
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => Boolean(w))
  if (workers.length === 0) process.exit(0)
  for (const worker of workers) worker.process.kill('SIGTERM')
  // A worker stuck past the deadline is killed; the primary then exits anyway
  setTimeout(() => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL')
    process.exit(1)
  }, STOP_TIMEOUT_MS).unref()
}

process.on('SIGTERM', () => stop('SIGTERM'))
process.on('SIGINT', () => stop('SIGINT'))
// The parent of scripts/lib/cluster.js went away: stop too
process.on('disconnect', () => stop('disconnect'))

log(30, `cluster: démarrage de ${COUNT} workers`, { entry: serverEntry })
for (let i = 0; i < COUNT; i++) fork()
