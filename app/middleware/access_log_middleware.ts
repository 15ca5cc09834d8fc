import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { performance } from 'node:perf_hooks'

/**
 * One structured line per answered request (issue 15 §4): pino JSON with the request id (the
 * proxy's X-Request-Id, else a fresh one, also sent back), the process id (which of the cluster's
 * workers), the user id, the route name, the status and the duration. Never the query string
 * (signed links carry their signature there), a body, a header or a cookie. The probes log at
 * debug level: a load balancer asking every few seconds would drown the rest.
 */
export default class AccessLogMiddleware {
  handle(ctx: HttpContext, next: NextFn) {
    const started = performance.now()
    const id = ctx.request.id()
    if (id) ctx.response.header('X-Request-Id', id)
    ctx.response.response.once('finish', () => {
      const route = ctx.route?.name
      const line = {
        method: ctx.request.method(),
        path: ctx.request.url(),
        route,
        status: ctx.response.response.statusCode,
        ms: Math.round((performance.now() - started) * 10) / 10,
        user: (ctx as Partial<HttpContext>).auth?.user?.id,
      }
      const probe = route?.startsWith('health.') || ctx.request.url().startsWith('/health')
      if (probe) ctx.logger.debug(line, 'request')
      else ctx.logger.info(line, 'request')
    })
    return next()
  }
}
