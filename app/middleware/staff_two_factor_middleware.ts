import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { currentPagePath, rememberIntended } from '#services/http/intended'
import { isApiRequest } from '#services/http/http_errors'
import { TwoFactorRequiredException } from '#exceptions/http_exceptions'
import type User from '#models/user'

/** Staff (real role esi) without two-factor (DESIGN.md §4). */
export function needsTwoFactorSetup(user: User): boolean {
  return user.role === 'esi' && !user.hasTwoFactor
}

/**
 * Staff must have two-factor on: until then every page of the partner, esi and admin areas
 * sends them to TwoFactorRequired (and API calls answer 403 JSON). Profile, dashboard, logout
 * and the two-factor setup stay open. Runs after `auth`.
 */
export default class StaffTwoFactorMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.getUserOrFail() as User
    if (!needsTwoFactorSetup(user)) return next()
    if (isApiRequest(ctx)) throw new TwoFactorRequiredException()
    rememberIntended(ctx, 'two_factor_setup', currentPagePath(ctx))
    return ctx.response.redirect().toRoute('app.two_factor.required')
  }
}
