/*
 * The production build (`node ace build` into build/) made when the sources changed since the
 * last one: `npm start` serves it, and the bench measures it (the app as users run it: compiled
 * JavaScript, no TypeScript loader).
 */
import { spawn } from 'node:child_process'
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT, runOrExit } from './env.js'

const SOURCES = [
  'app',
  'bin',
  'config',
  'database',
  'inertia',
  'resources',
  'shared',
  'start',
  'public',
  'providers',
  'commands',
]
const SOURCE_FILES = [
  'adonisrc.ts',
  'vite.config.ts',
  'package-lock.json',
  'tsconfig.json',
  'ace.js',
]
export const BUILD = path.join(ROOT, 'build')
const STAMP = path.join(BUILD, '.built-at')

function newestMtime(p) {
  if (!existsSync(p)) return 0
  const st = statSync(p)
  if (!st.isDirectory()) return st.mtimeMs
  let max = 0
  for (const entry of readdirSync(p)) {
    if (entry === 'build' || entry === 'node_modules') continue
    max = Math.max(max, newestMtime(path.join(p, entry)))
  }
  return max
}

export function buildIsStale() {
  if (!existsSync(STAMP)) return true
  const built = statSync(STAMP).mtimeMs
  return [...SOURCES, ...SOURCE_FILES].some((p) => newestMtime(path.join(ROOT, p)) > built)
}

/** Builds when stale; `onFail` runs before the process exits on a failed build. */
export async function ensureBuild(env, onFail) {
  if (!buildIsStale()) return false
  console.log('› Construction de l’application (node ace build)…')
  await runOrExit('node', ['ace', 'build'], { env }, onFail)
  writeFileSync(STAMP, new Date().toISOString())
  return true
}

/**
 * Serves the build as `npm start` does (`node bin/server.js` in build/) on `port`, and resolves
 * once GET /health answers 200. `inspectPort` opens Node's inspector there (the bench's CPU
 * profiles).
 */
export async function startBuiltServer({ port, env, inspectPort = null, timeoutMs = 60_000 }) {
  const args = [...(inspectPort ? [`--inspect=127.0.0.1:${inspectPort}`] : []), 'bin/server.js']
  const child = spawn(process.execPath, args, {
    cwd: BUILD,
    env: { ...env, PORT: String(port), HOST: '127.0.0.1' },
    stdio: ['ignore', 'inherit', 'pipe'],
  })
  // The inspector's « Debugger listening… » banner is not an error of the app
  child.stderr.setEncoding('utf8')
  child.stderr.on('data', (text) => {
    const rest = text
      .split('\n')
      .filter((l) => l && !/Debugger listening|For help, see/.test(l))
      .join('\n')
    if (rest) process.stderr.write(rest + '\n')
  })
  const url = `http://127.0.0.1:${port}`
  const stop = () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(child.exitCode)
      child.once('exit', (code) => resolve(code))
      child.kill('SIGTERM')
    })
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`serveur : arrêté au démarrage (${child.exitCode})`)
    const ok = await fetch(`${url}/health`)
      .then((r) => r.ok)
      .catch(() => false)
    if (ok) return { url, stop, process: child }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await stop()
  throw new Error(`serveur : pas prêt après ${timeoutMs} ms`)
}
