import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/lucid'

/*
 * DATABASE_URL wins, then the DB_* variables. scripts/lib/embedded_pg.js sets the DB_* variables
 * to its embedded PostgreSQL server when nothing is configured outside production.
 */
const url = env.get('DATABASE_URL')
const host = env.get('DB_HOST')

if (app.inProduction && !url && !host) {
  throw new Error(
    'Production needs a real PostgreSQL server: set DATABASE_URL (or DB_HOST, DB_PORT, DB_USER, DB_PASSWORD, DB_DATABASE).'
  )
}

/*
 * No parallel query plans for the app's own connections (decision 557): ten users on two cores
 * are the parallelism already, and a search planned as a parallel seq scan of 100 000 clients
 * took 150–490 ms where the trigram index takes 30. DB_PARALLEL_WORKERS=n gives them back.
 */
const options = `-c max_parallel_workers_per_gather=${Number(process.env.DB_PARALLEL_WORKERS ?? 0) || 0}`

const connection = url
  ? {
      connectionString: url,
      ssl: env.get('DB_SSL') ? { rejectUnauthorized: false } : undefined,
      options,
    }
  : {
      host: host ?? '127.0.0.1',
      port: env.get('DB_PORT') ?? 5432,
      user: env.get('DB_USER') ?? 'postgres',
      password: env.get('DB_PASSWORD'),
      database: env.get('DB_DATABASE') ?? 'postgres',
      ssl: env.get('DB_SSL') ? { rejectUnauthorized: false } : undefined,
      options,
    }

/**
 * The pool of the app's connections. It keeps its last two connections however long the app is
 * idle (decision 856): with `min: 0` every connection idle for 30 s was closed, and the next
 * request after a pause paid a new backend (3 ms) and its cold caches — the plans of its prepared
 * statements, the compiled trigger functions: +2 ms for a page's session statement, +14–19 ms
 * for a devis save. The pool hands out the last connection released first, so the one kept warm
 * serves an office's sporadic clicks.
 */
const POOL_MAX = env.get('DB_POOL_MAX') ?? 10
export const APP_POOL = { min: Math.min(2, POOL_MAX), max: POOL_MAX }

/**
 * The read replica of the analyses (app/services/analyse/reads.ts): DB_READ_URL names a
 * streaming replica (or the same server); its sessions are read-only, so no write can go there.
 * Only the analyses' reports read it: a page that has just written reads its own write on `pg`.
 */
export const readReplicaConnection = (readUrl: string) => ({
  client: 'pg' as const,
  connection: {
    connectionString: readUrl,
    ssl: env.get('DB_SSL') ? { rejectUnauthorized: false } : undefined,
    options: '-c default_transaction_read_only=on',
    application_name: 'esi-analyses',
  },
  pool: { min: 0, max: env.get('DB_POOL_MAX') ?? 10 },
})

const readUrl = env.get('DB_READ_URL')

export default defineConfig({
  connection: 'pg',
  connections: {
    ...(readUrl ? { pg_read: readReplicaConnection(readUrl) } : {}),
    pg: {
      client: 'pg',
      connection,
      pool: APP_POOL,
      migrations: { naturalSort: true, paths: ['database/migrations'] },
      seeders: { paths: ['database/seeders'] },
    },
  },
})
