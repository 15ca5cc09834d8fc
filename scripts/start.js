/*
 * `npm start`: builds when the sources changed, picks the database (DATABASE_URL / DB_* or the
 * embedded PostgreSQL under storage/postgres), migrates, seeds the demo data once, then serves the built
 * app on http://localhost:3333 (PORT and HOST honoured).
 */
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync } from 'node:fs'
import path from 'node:path'
import { ROOT, ensureDotEnv, hasRealDatabase, runOrExit } from './lib/env.js'
import { startEmbeddedPg } from './lib/embedded_pg.js'
import { BUILD, ensureBuild } from './lib/build.js'

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

await ensureBuild(env, stopDb)
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
