import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { NextFn } from '@adonisjs/core/types/http'
import type { Authenticators } from '@adonisjs/auth/types'

let target: string | undefined

export default class GuestMiddleware {
  // Built once: the container makes a middleware per request (decision 687)
  get redirectTo() {
    return (target ??= urlFor('app.dashboard'))
  }

  async handle(
    ctx: HttpContext,
    next: NextFn,
    options: { guards?: (keyof Authenticators)[] } = {}
  ) {
    for (const guard of options.guards || [ctx.auth.defaultGuard]) {
      if (await ctx.auth.use(guard).check()) {
        // Never carry the query string along (a signed link's signature has no business there)
        return ctx.response.redirect().toPath(this.redirectTo)
      }
    }
    return next()
  }
}
