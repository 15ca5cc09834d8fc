import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import ConfirmTwoFactor from '#actions/auth/confirm_two_factor'
import { twoFactorCodeValidator } from '#validators/auth'
import { flashFieldErrors } from '#services/http/form_errors'
import { RECOVERY_CODES_FLASH } from '#services/two_factor'
import { BAD_CODE_MESSAGE } from '#controllers/auth/two_factor_challenge_controller'
import {
  clearTries,
  limiters,
  takeTry,
  throttleKeys,
  tooManyAttemptsMessage,
} from '#services/throttle'

/** The first code from the app turns two-factor on; the recovery codes are shown once. */
export default class ConfirmedTwoFactorController {
  async store(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    const user = auth.getUserOrFail()
    const { code } = await request.validateUsing(twoFactorCodeValidator)
    const attempts = limiters.attempts()
    const key = throttleKeys.twoFactor(user.id)
    const wait = await takeTry(attempts, key)
    if (wait > 0) {
      flashFieldErrors(session, { code: tooManyAttemptsMessage(wait) })
      return response.redirect().back()
    }
    const codes = await new ConfirmTwoFactor().handle(actorOf(ctx), user, code)
    if (!codes) {
      flashFieldErrors(session, { code: BAD_CODE_MESSAGE })
      return response.redirect().back()
    }
    await clearTries(attempts, key)
    session.flash(RECOVERY_CODES_FLASH, codes)
    session.flash('success', 'La double authentification est activée.')
    return response.redirect().back()
  }
}
