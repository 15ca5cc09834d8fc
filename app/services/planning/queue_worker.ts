/*
 * The queue's worker inside the web process (QUEUE_WORKER=inline, decision 462): the same worker
 * as `node ace queue:work` (@adonisjs/queue), on the default queue, without its own signal
 * handlers (the web server's shutdown stops it).
 */
import app from '@adonisjs/core/services/app'
import logger from '@adonisjs/core/services/logger'
import { Worker } from '@adonisjs/queue'
import type { AdapterFactory, QueueConfig } from '@adonisjs/queue/types'

export async function startInlineWorker(): Promise<() => Promise<void>> {
  const config = app.config.get<QueueConfig>('queue')
  // The sync driver runs each job at dispatch: there is nothing to poll
  if (config.default === 'sync') return async () => {}
  const manager = await app.container.make('queue.manager')
  await manager.loadJobs()
  const adapters: Record<string, AdapterFactory> = {}
  for (const [name, adapter] of Object.entries(config.adapters)) {
    adapters[name] = typeof adapter === 'function' ? adapter : await adapter.resolver(app)
  }
  const worker = new Worker({
    ...config,
    autoLoadJobs: false,
    adapters,
    jobFactory: (JobClass) => app.container.make(JobClass),
    logger,
    worker: { ...config.worker, gracefulShutdown: false },
  })
  void worker.start(['default']).catch((error) => {
    logger.error({ err: error }, 'queue: le worker intégré s’est arrêté')
  })
  return () => worker.stop()
}
