/*
 * Preload of the web server only (adonisrc.ts): on SIGTERM, every answer closes its connection,
 * and once the HTTP server has stopped taking connections, the requests still running finish
 * before the providers close the database pools (decision 851). At most two thirds of
 * SHUTDOWN_TIMEOUT_MS (30 s), the rest left for closing: a request stuck longer is cut.
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { drained, markStopping, requestsRunning } from '#services/in_flight'

const DRAIN_MS = Math.round(((Number(process.env.SHUTDOWN_TIMEOUT_MS) || 30_000) * 2) / 3)

// Registered once the server listens, after its own hook, so run before it (the hooks run in
// reverse): from the signal on, every answer closes its connection
app.ready(() => {
  app.terminating(() => markStopping())
})

// Registered before the HTTP server's own hook, so run after it: its close has returned
app.terminating(async () => {
  const running = requestsRunning()
  if (running === 0) return
  logger.info({ running }, 'arrêt : attente des requêtes en cours')
  if (!(await drained(DRAIN_MS))) {
    logger.warn({ running: requestsRunning() }, 'arrêt : requêtes encore en cours, coupées')
  }
})
