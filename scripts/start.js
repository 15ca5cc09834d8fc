/*
 * `npm start`: builds when the sources changed, picks the database (DATABASE_URL / DB_* or the
 * embedded PostgreSQL under storage/postgres), migrates, seeds the demo data once, then serves the built
 * app on http://localhost:3333 (PORT and HOST honoured).
 */
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, readdirSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT, ensureDotEnv, hasRealDatabase, runOrExit } from './lib/env.js'
import { startEmbeddedPg } from './lib/embedded_pg.js'

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
const BUILD = path.join(ROOT, 'build')
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

function buildIsStale() {
  if (!existsSync(STAMP)) return true
  const built = statSync(STAMP).mtimeMs
  return [...SOURCES, ...SOURCE_FILES].some((p) => newestMtime(path.join(ROOT, p)) > built)
}

const fileEnv = ensureDotEnv()
const env = { ...fileEnv, ...process.env }
env.NODE_ENV = process.env.NODE_ENV ?? 'development'
env.PORT = env.PORT ?? '3333'
env.HOST = env.HOST ?? '0.0.0.0'

let embedded = null
const stopDb = async () => embedded?.stop()

if (!hasRealDatabase(env)) {
  if (env.NODE_ENV === 'production') {
    console.error(
      '✗ En production, configurez DATABASE_URL (ou DB_HOST…) vers un vrai serveur PostgreSQL.'
    )
    process.exit(1)
  }
  embedded = await startEmbeddedPg({ dataDir: path.join(ROOT, 'storage/postgres') }).catch(
    (error) => {
      console.error(`✗ ${error.message}`)
      process.exit(1)
    }
  )
  Object.assign(env, embedded.env)
  console.log(
    `› PostgreSQL embarqué sur 127.0.0.1:${embedded.env.DB_PORT}, données dans storage/postgres`
  )
}

if (buildIsStale()) {
  console.log('› Construction de l’application (node ace build)…')
  await runOrExit('node', ['ace', 'build'], { env }, stopDb)
  writeFileSync(STAMP, new Date().toISOString())
}
if (existsSync(path.join(ROOT, '.env')))
  copyFileSync(path.join(ROOT, '.env'), path.join(BUILD, '.env'))

await runOrExit('node', ['ace', 'migration:run', '--force'], { cwd: BUILD, env }, stopDb)
await runOrExit('node', ['ace', 'demo:seed'], { cwd: BUILD, env }, stopDb)

// WEB_CONCURRENCY=N or `npm run start:cluster` (one per CPU unless set): N workers on the one
// port (bin/cluster.ts, README § Production)
const entry =
  env.WEB_CONCURRENCY || process.argv.includes('--cluster') ? 'bin/cluster.js' : 'bin/server.js'
const server = spawn('node', [entry], { cwd: BUILD, env, stdio: 'inherit' })
console.log(`› Application sur http://localhost:${env.PORT}`)
const forward = (sig) => () => server.kill(sig)
process.on('SIGINT', forward('SIGINT'))
process.on('SIGTERM', forward('SIGTERM'))
server.on('exit', async (code) => {
  await stopDb()
  process.exit(code ?? 0)
})
