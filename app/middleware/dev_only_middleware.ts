import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { NotFoundException } from '#exceptions/http_exceptions'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/**
 * Development tools (kept emails hold reset links): the routes are not registered in
 * production, and even in development only a browser on the machine itself may open them.
 */
export default class DevOnlyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!LOOPBACK.has(ctx.request.ip())) throw new NotFoundException()
    return next()
  }
}
