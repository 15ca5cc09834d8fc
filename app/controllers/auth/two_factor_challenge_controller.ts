import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { actorOf } from '#services/actor'
import User from '#models/user'
import CheckSecondFactor from '#actions/auth/check_second_factor'
import { secondFactorValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'
import { clearPendingLogin, markSteppedUp, pendingLogin } from '#services/http/auth_session'
import { startUserSession } from '#services/http/user_sessions'
import { localPathOr } from '#services/safe_redirect'
import {
  clearTries,
  limiters,
  takeTry,
  throttleKeys,
  tooManyAttemptsMessage,
} from '#services/throttle'

export const CHALLENGE_EXPIRED_MESSAGE =
  'Votre connexion a expiré. Veuillez saisir à nouveau vos identifiants.'
export const BAD_CODE_MESSAGE = 'Ce code n’est pas valide.'
export const BAD_RECOVERY_CODE_MESSAGE = 'Ce code de récupération n’est pas valide.'

/** The login's second step (Auth/FrontTwoFactorChallenge): a TOTP code or a recovery code. */
export default class TwoFactorChallengeController {
  async create(ctx: HttpContext) {
    if (!pendingLogin(ctx.session)) return this.expired(ctx)
    return ctx.inertia.render('Auth/FrontTwoFactorChallenge', {})
  }

  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const pending = pendingLogin(session)
    const user = pending ? await User.find(pending.userId) : null
    if (!pending || !user) return this.expired(ctx)

    const input = await request.validateUsing(secondFactorValidator)
    const field = input.recovery_code && !input.code ? 'recovery_code' : 'code'
    const attempts = limiters.attempts()
    const key = throttleKeys.twoFactor(user.id)
    const wait = await takeTry(attempts, key)
    if (wait > 0) {
      flashFieldErrors(session, { [field]: tooManyAttemptsMessage(wait) })
      return response.redirect().back()
    }

    const factor = await new CheckSecondFactor().handle(user, input)
    if (!factor) {
      await audit(actorOf(ctx), {
        action: 'auth.two_factor_failed',
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
      })
      flashFieldErrors(session, {
        [field]: field === 'code' ? BAD_CODE_MESSAGE : BAD_RECOVERY_CODE_MESSAGE,
      })
      return response.redirect().back()
    }
    await clearTries(attempts, key)

    clearPendingLogin(session)
    // New session id here too (ASVS 7.2.4); the code just given also counts as a step-up
    await startUserSession(ctx, user, { remember: pending.remember, passwordTyped: true })
    markSteppedUp(session)
    if (factor === 'recovery_code') {
      await audit(actorOf(ctx), {
        action: 'auth.two_factor_recovery_used',
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
        after: { left: user.twoFactorRecoveryCodes?.length ?? 0 },
      })
    }
    await audit(actorOf(ctx), {
      action: 'auth.login',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      after: { via: `password+${factor}` },
    })
    return response
      .redirect()
      .toPath(localPathOr(session.pullIntendedUrl(), urlFor('app.dashboard')))
  }

  private expired({ session, response }: HttpContext) {
    session.flash('error', CHALLENGE_EXPIRED_MESSAGE)
    return response.redirect().toRoute('guest.login')
  }
}
