import type { HttpContext } from '@adonisjs/core/http'
import { readiness } from '#services/health'

/**
 * GET /health and /health/ready (issue 15 §4). Served by the health middleware before the
 * session, auth and Inertia middleware (start/kernel.ts); the routes exist for their names.
 */
export default class HealthController {
  live({ response }: HttpContext) {
    response.header('Cache-Control', 'no-store')
    return response.ok({ status: 'ok' })
  }

  async ready({ response }: HttpContext) {
    const { ready, checks } = await readiness()
    response.header('Cache-Control', 'no-store')
    return response.status(ready ? 200 : 503).json({ status: ready ? 'ok' : 'unavailable', checks })
  }
}
