import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import HealthController from '#controllers/public/health_controller'

const PROBES: Record<string, 'live' | 'ready'> = { '/health': 'live', '/health/ready': 'ready' }

/**
 * The probes answered before the session, auth and Inertia server middleware: a load balancer
 * probing every few seconds opens no session (no row, no Redis key, no cookie) and a liveness
 * probe touches neither the database nor Redis. Only GET and HEAD; anything else goes on.
 */
export default class HealthMiddleware {
  #controller = new HealthController()

  async handle(ctx: HttpContext, next: NextFn) {
    const probe = PROBES[ctx.request.url()]
    const method = ctx.request.method()
    if (!probe || (method !== 'GET' && method !== 'HEAD')) return next()
    await this.#controller[probe](ctx)
  }
}
