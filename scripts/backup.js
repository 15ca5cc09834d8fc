/*
 * `npm run backup [-- --output fichier]`, `npm run restore -- fichier [--force]` and
 * `npm run backup:check [-- fichier]` (README « Sauvegarde et restauration »): `node ace backup`,
 * `restore` and `backup:check` on the database `npm start` uses. DATABASE_URL / DB_* when set;
 * otherwise the embedded PostgreSQL of storage/postgres: the one `npm start` is running (its port
 * in postmaster.pid, its password beside the cluster), else started for the command and stopped
 * after it. A restore is refused while `npm start` holds the cluster: stop the app first.
 */
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { ROOT, ensureDotEnv, hasRealDatabase, run } from './lib/env.js'
import { startEmbeddedPg } from './lib/embedded_pg.js'

const [action, ...args] = process.argv.slice(2)
if (!['backup', 'restore', 'backup:check'].includes(action)) {
  console.error('Usage : node scripts/backup.js backup|restore|backup:check [arguments]')
  process.exit(2)
}

const env = { ...ensureDotEnv(), ...process.env }
const dataDir = path.join(ROOT, 'storage/postgres')

/** The DB_* variables of the embedded server when a process is running it, else null. */
function runningEmbedded() {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return null
  const lines = readFileSync(pidFile, 'utf8').split('\n')
  const pid = Number(lines[0])
  try {
    process.kill(pid, 0)
  } catch {
    return null // a pid file left by a crash: the server is not running
  }
  return {
    pid,
    env: {
      DB_HOST: '127.0.0.1',
      DB_PORT: lines[3].trim(),
      DB_USER: 'postgres',
      DB_PASSWORD: readFileSync(`${dataDir}.password`, 'utf8').trim(),
      DB_DATABASE: 'postgres',
    },
  }
}

let embedded = null
if (!hasRealDatabase(env)) {
  const running = runningEmbedded()
  if (running && action === 'restore') {
    console.error(
      `✗ Le PostgreSQL embarqué est utilisé (pid ${running.pid}) : arrêtez d’abord npm start, puis relancez la restauration.`
    )
    process.exit(1)
  }
  if (running) Object.assign(env, running.env)
  else {
    embedded = await startEmbeddedPg({ dataDir }).catch((error) => {
      console.error(`✗ ${error.message}`)
      process.exit(1)
    })
    Object.assign(env, embedded.env)
  }
}

const code = await run('node', ['ace', action, ...args], { env })
await embedded?.stop()
process.exit(code)
