/*
 * Preload of the web server only (adonisrc.ts, environment « web »): the evening pass of the
 * visit reminders (app/services/planning/rappels_scheduler.ts) and, with QUEUE_WORKER=inline
 * (the default outside production), the queue's worker in this same process — in production
 * run `node ace queue:work` beside the web server instead (decision 462).
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import env from '#start/env'
import { startRappelsScheduler } from '#services/planning/rappels_scheduler'
import { startInlineWorker } from '#services/planning/queue_worker'

app.ready(async () => {
  const stop = startRappelsScheduler(env.get('RAPPELS_HEURE'))
  app.terminating(() => stop())
  const mode = env.get('QUEUE_WORKER') ?? (app.inProduction ? 'off' : 'inline')
  if (mode === 'inline') {
    try {
      const stopWorker = await startInlineWorker()
      app.terminating(() => stopWorker())
    } catch (error) {
      logger.error({ err: error }, 'queue: le worker intégré n’a pas démarré')
    }
  }
})
