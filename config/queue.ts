import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { defineConfig, drivers } from '@adonisjs/queue'

/*
 * The job queue (@adonisjs/queue, decision 462): the database adapter on the app's PostgreSQL by
 * default (tables of migration 0711), Redis when QUEUE_DRIVER=redis (the `main` connection of
 * config/redis.ts), sync in tests (a dispatched job runs at once, in the test's process). The
 * worker is `node ace queue:work` in production, or the web process itself when
 * QUEUE_WORKER=inline (start/rappels.ts).
 */
const driver =
  env.get('QUEUE_DRIVER') ?? (app.inTest ? 'sync' : env.get('REDIS_URL') ? 'redis' : 'database')

export default defineConfig({
  default: driver,
  adapters: {
    // Only the chosen adapter: Redis is never contacted unless asked for
    ...(driver === 'redis'
      ? { redis: drivers.redis({ connectionName: 'main' }) }
      : { database: drivers.database() }),
    sync: drivers.sync(),
  },
  worker: {
    concurrency: 2,
    idleDelay: '5s',
  },
  locations: ['./app/jobs/**/*.{ts,js}'],
})
