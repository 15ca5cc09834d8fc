import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import { RECOVERY_CODES_FLASH, twoFactorStatus } from '#services/two_factor'
import { peekIntended, pullIntended } from '#services/http/intended'
import { needsTwoFactorSetup } from '#middleware/staff_two_factor_middleware'

/**
 * Auth/TwoFactorRequired: staff without two-factor land here from any page of their area, set
 * it up inline (QR code, code, recovery codes), then continue to the page they asked for.
 */
export default class TwoFactorRequiredController {
  async create(ctx: HttpContext) {
    const { auth, inertia, response, session } = ctx
    const user = auth.getUserOrFail() as User
    // Right after the confirmation the page shows the recovery codes once more, then moves on
    const justEnabled = session.flashMessages.has(RECOVERY_CODES_FLASH)
    if (!needsTwoFactorSetup(user) && !justEnabled) {
      return response.redirect().toPath(pullIntended(ctx, 'two_factor_setup'))
    }
    return inertia.render('Auth/TwoFactorRequired', {
      twoFactor: await twoFactorStatus(user, session.flashMessages.get(RECOVERY_CODES_FLASH)),
      next: peekIntended(ctx, 'two_factor_setup'),
    })
  }
}
