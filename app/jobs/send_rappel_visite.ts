import { Job } from '@adonisjs/queue'
import type { JobOptions } from '@adonisjs/queue/types'
import logger from '@adonisjs/core/services/logger'
import { envoyerRappelVisite, type RappelPayload } from '#services/planning/rappels'

/**
 * One customer reminder (issue 13 §5, decision 463), dispatched by the daily pass. Idempotent by
 * its planification_rappels row: a retry or a second dispatch never sends a second email.
 */
export default class SendRappelVisite extends Job<RappelPayload> {
  static options: JobOptions = {
    // Explicit: a bundled build may rename the class
    name: 'SendRappelVisite',
    maxRetries: 3,
    timeout: '1m',
    removeOnComplete: { count: 500 },
    removeOnFail: { age: '30d' },
  }

  async execute(): Promise<void> {
    const resultat = await envoyerRappelVisite(this.payload)
    logger.info({ planification: this.payload.planificationId, resultat }, 'rappel de visite')
  }
}
