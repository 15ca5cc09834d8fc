import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import CheckSecondFactor from '#actions/auth/check_second_factor'
import { secondFactorValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'
import { markSteppedUp } from '#services/http/auth_session'
import { pullIntended } from '#services/http/intended'
import {
  BAD_CODE_MESSAGE,
  BAD_RECOVERY_CODE_MESSAGE,
} from '#controllers/auth/two_factor_challenge_controller'
import {
  clearTries,
  limiters,
  takeTry,
  throttleKeys,
  tooManyAttemptsMessage,
} from '#services/throttle'

/**
 * Auth/StepUpTwoFactor: a fresh second factor before switching droit admin on and before
 * admin-only actions; it counts for 15 minutes, then back to the page that asked.
 */
export default class StepUpController {
  async create({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    return inertia.render('Auth/StepUpTwoFactor', { two_factor_enabled: user.hasTwoFactor })
  }

  async store(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(secondFactorValidator)
    const field = input.recovery_code && !input.code ? 'recovery_code' : 'code'
    const attempts = limiters.attempts()
    const key = throttleKeys.stepUp(user.id)
    const wait = await takeTry(attempts, key)
    if (wait > 0) {
      flashFieldErrors(session, { [field]: tooManyAttemptsMessage(wait) })
      return response.redirect().back()
    }
    const factor = await new CheckSecondFactor().handle(user, input)
    if (!factor) {
      await audit(actorOf(ctx), {
        action: 'auth.step_up_failed',
        subjectType: 'user',
        subjectId: user.id,
      })
      flashFieldErrors(session, {
        [field]: field === 'code' ? BAD_CODE_MESSAGE : BAD_RECOVERY_CODE_MESSAGE,
      })
      return response.redirect().back()
    }
    await clearTries(attempts, key)
    markSteppedUp(session)
    if (factor === 'recovery_code') {
      await audit(actorOf(ctx), {
        action: 'auth.two_factor_recovery_used',
        subjectType: 'user',
        subjectId: user.id,
        after: { left: user.twoFactorRecoveryCodes?.length ?? 0 },
      })
    }
    await audit(actorOf(ctx), {
      action: 'auth.step_up',
      subjectType: 'user',
      subjectId: user.id,
      after: { factor },
    })
    session.flash('success', 'Vérification réussie : vous pouvez poursuivre pendant 15 minutes.')
    return response.redirect().toPath(pullIntended(ctx, 'step_up'))
  }
}
