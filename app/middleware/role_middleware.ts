import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { canReach, type Area } from '#shared/roles'
import { ForbiddenException } from '#exceptions/http_exceptions'

/**
 * Area guard, by effective role (DESIGN.md §4). Runs after `auth`. A route outside the user's
 * area answers 403: the route itself is no secret, only the data behind it is (policies say 404).
 */
export default class RoleMiddleware {
  async handle(ctx: HttpContext, next: NextFn, options: { area: Area }) {
    const user = ctx.auth.getUserOrFail()
    if (
      !canReach({ role: user.role, acces_role: user.accesRole, droit: user.droit }, options.area)
    ) {
      throw new ForbiddenException()
    }
    return next()
  }
}
