import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'

let target: string | undefined

/**
 * Guests are sent to /login; API calls (XHR wanting JSON) get a 401 JSON answer instead,
 * which the client's HTTP helper turns into a redirect.
 */
export default class AuthMiddleware {
  // Built once: the container makes a middleware per request (decision 687)
  get redirectTo() {
    return (target ??= urlFor('guest.login'))
  }

  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[] } = {}
  ) {
    await ctx.auth.authenticateUsing(options.guards, { loginRoute: this.redirectTo })
    return next()
  }
}
