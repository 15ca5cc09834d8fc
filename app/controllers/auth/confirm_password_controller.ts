import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { actorOf } from '#services/actor'
import hash from '@adonisjs/core/services/hash'
import { passwordValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'
import { markPasswordConfirmed } from '#services/http/auth_session'
import { pullIntended } from '#services/http/intended'
import {
  clearTries,
  limiters,
  takeTry,
  throttleKeys,
  tooManyAttemptsMessage,
} from '#services/throttle'

export const WRONG_PASSWORD_MESSAGE = 'Le mot de passe est incorrect.'

/** Auth/ConfirmPassword: the password again before a sensitive action, then back to it. */
export default class ConfirmPasswordController {
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/ConfirmPassword', {})
  }

  async store(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    const user = auth.getUserOrFail()
    const { password } = await request.validateUsing(passwordValidator)
    const attempts = limiters.attempts()
    const key = throttleKeys.confirmPassword(user.id)
    const wait = await takeTry(attempts, key)
    if (wait > 0) {
      flashFieldErrors(session, { password: tooManyAttemptsMessage(wait) })
      return response.redirect().back()
    }
    if (!(await hash.verify(user.password, password))) {
      await audit(actorOf(ctx), {
        action: 'auth.password_confirm_failed',
        subjectType: 'user',
        subjectId: user.id,
      })
      flashFieldErrors(session, { password: WRONG_PASSWORD_MESSAGE })
      return response.redirect().back()
    }
    await clearTries(attempts, key)
    markPasswordConfirmed(session)
    await audit(actorOf(ctx), {
      action: 'auth.password_confirmed',
      subjectType: 'user',
      subjectId: user.id,
    })
    return response.redirect().toPath(pullIntended(ctx, 'confirm_password', urlFor('app.profile')))
  }
}
