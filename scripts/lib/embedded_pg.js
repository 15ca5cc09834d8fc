/*
 * Embedded PostgreSQL for machines without a server: PGlite (PostgreSQL compiled to wasm) behind
 * the Postgres wire protocol, so the app, migrations and psql talk to it exactly as to a real
 * server. It serialises queries, which is fine for one developer and for the test suite.
 */
import net from 'node:net'
import { mkdirSync } from 'node:fs'

async function freePort(preferred) {
  const tryPort = (port) =>
    new Promise((resolve) => {
      const srv = net.createServer()
      srv.once('error', () => resolve(null))
      srv.listen(port, '127.0.0.1', () => {
        const { port: chosen } = srv.address()
        srv.close(() => resolve(chosen))
      })
    })
  return (await tryPort(preferred)) ?? (await tryPort(0))
}

/**
 * Starts PGlite and its socket server. `dataDir` null keeps everything in memory (tests).
 * Returns the DB_* variables to hand to the app and a stop function.
 */
export async function startEmbeddedPg({ dataDir, port = 5499 }) {
  const { PGlite } = await import('@electric-sql/pglite')
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket')
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm')
  const { unaccent } = await import('@electric-sql/pglite/contrib/unaccent')

  if (dataDir) mkdirSync(dataDir, { recursive: true })
  const db = await PGlite.create(dataDir ?? 'memory://', { extensions: { pg_trgm, unaccent } })
  const chosen = await freePort(port)
  const server = new PGLiteSocketServer({ db, port: chosen, host: '127.0.0.1', maxConnections: 32 })
  await server.start()

  return {
    env: {
      DB_HOST: '127.0.0.1',
      DB_PORT: String(chosen),
      DB_USER: 'postgres',
      DB_PASSWORD: '',
      DB_DATABASE: 'postgres',
      EMBEDDED_DB: 'true',
    },
    async stop() {
      await server.stop().catch(() => {})
      await db.close().catch(() => {})
    },
  }
}
