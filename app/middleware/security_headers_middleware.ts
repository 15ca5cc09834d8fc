import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'

/**
 * Headers every answer carries, including those that never reach the router (404), which the
 * shield router middleware does not see:
 * - Referrer-Policy (ASVS 3.4.5), which shield does not set: the full referrer within the site
 *   (a password confirmation comes back to the page that asked), nothing to other sites, so a
 *   reset link's token never leaks through the Referer header;
 * - X-Frame-Options DENY and nosniff, the same values shield sets on routed answers.
 */
export default class SecurityHeadersMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    ctx.response.header('Referrer-Policy', 'same-origin')
    ctx.response.header('X-Frame-Options', 'DENY')
    ctx.response.header('X-Content-Type-Options', 'nosniff')
    return next()
  }
}
