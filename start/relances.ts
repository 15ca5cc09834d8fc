/*
 * Preload of the web server only (adonisrc.ts, environment « web »: never in tests nor in ace
 * commands): the morning proposals of relances (app/services/relances/relance_scheduler.ts).
 */
import app from '@adonisjs/core/services/app'
import env from '#start/env'
import { startRelanceScheduler } from '#services/relances/relance_scheduler'

// The routes must be committed before a notification names one (urlFor): after the boot
app.ready(() => {
  const stop = startRelanceScheduler(env.get('RELANCES_HEURE'))
  app.terminating(() => stop())
})
