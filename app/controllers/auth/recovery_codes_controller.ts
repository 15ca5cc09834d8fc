import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import GenerateRecoveryCodes from '#actions/auth/generate_recovery_codes'
import { audit } from '#services/audit'
import { RECOVERY_CODES_FLASH } from '#services/two_factor'

/** New recovery codes (the old ones stop working), shown once. */
export default class RecoveryCodesController {
  async store(ctx: HttpContext) {
    const { response, session, auth } = ctx
    const user = auth.getUserOrFail()
    if (!user.hasTwoFactor) {
      session.flash('error', 'Activez d’abord la double authentification.')
      return response.redirect().back()
    }
    const codes = await new GenerateRecoveryCodes().handle(user)
    await audit(actorOf(ctx), {
      action: 'auth.two_factor_recovery_regenerated',
      subjectType: 'user',
      subjectId: user.id,
    })
    session.flash(RECOVERY_CODES_FLASH, codes)
    session.flash('success', 'De nouveaux codes de récupération ont été générés.')
    return response.redirect().back()
  }
}
