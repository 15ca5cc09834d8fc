/*
 * Starts the app as a cluster (bin/cluster.ts: N workers on one port) in a child process and
 * waits until every worker listens. Used by `npm run start:cluster`, the bench
 * (BENCH_PROCESSES=2) and the two-process test (tests/functional/production/cluster.spec.ts).
 *
 *   const cluster = await startCluster({ workers: 2, port: 3400, env })
 *   cluster.url            // http://127.0.0.1:3400
 *   cluster.workers        // the workers' pids (updated when one is replaced)
 *   cluster.lines          // the JSON log lines read so far (when `capture` is on)
 *   await cluster.stop()   // SIGTERM: graceful stop of every worker, resolves on exit
 *
 * From the sources (default) the primary runs bin/cluster.ts through @poppinss/ts-exec and its
 * workers inherit the hook; with `build: true` it runs build/bin/cluster.js (a `node ace build`
 * output), as production does.
 */
import { spawn } from 'node:child_process'
import path from 'node:path'
import { ROOT } from './env.js'

/**
 * @param {{ workers?: number, port: number|string, env?: Record<string,string>, build?: boolean,
 *   capture?: boolean, timeoutMs?: number, onLine?: (line: string) => void }} options
 */
export function startCluster({
  workers = 2,
  port,
  env = process.env,
  build = false,
  capture = false,
  timeoutMs = 120_000,
  onLine,
} = {}) {
  const cwd = build ? path.join(ROOT, 'build') : ROOT
  const args = build
    ? ['bin/cluster.js']
    : ['--import', '@poppinss/ts-exec', path.join('bin', 'cluster.ts')]
  const child = spawn(process.execPath, args, {
    cwd,
    env: { ...env, PORT: String(port), WEB_CONCURRENCY: String(workers) },
    stdio: ['ignore', capture || onLine ? 'pipe' : 'inherit', 'inherit', 'ipc'],
  })

  const handle = {
    url: `http://127.0.0.1:${port}`,
    port: Number(port),
    workers: /** @type {number[]} */ ([]),
    lines: /** @type {string[]} */ ([]),
    process: child,
    /** Resolves with the next replacement's pid list. */
    nextRestart: () =>
      new Promise((resolve) => {
        const onMessage = (message) => {
          if (message?.type !== 'restarted') return
          child.off('message', onMessage)
          resolve(message.workers)
        }
        child.on('message', onMessage)
      }),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
        child.once('exit', (code) => resolve(code))
        child.kill('SIGTERM')
      }),
  }

  if (child.stdout) {
    let rest = ''
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk) => {
      const parts = (rest + chunk).split('\n')
      rest = parts.pop() ?? ''
      for (const line of parts) {
        if (capture) handle.lines.push(line)
        onLine?.(line)
      }
    })
  }

  child.on('message', (message) => {
    if (message?.type === 'ready' || message?.type === 'restarted') handle.workers = message.workers
  })

  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
      reject(new Error(`cluster: pas prêt après ${timeoutMs} ms`))
    }, timeoutMs)
    const onExit = (code) => {
      clearTimeout(timer)
      reject(new Error(`cluster: arrêté au démarrage (code ${code})`))
    }
    child.once('exit', onExit)
    child.on('message', (message) => {
      if (message?.type !== 'ready') return
      clearTimeout(timer)
      child.off('exit', onExit)
      resolve(handle)
    })
  })
}
