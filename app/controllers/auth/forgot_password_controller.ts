import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import SendPasswordResetLink from '#actions/auth/send_password_reset_link'
import { forgotPasswordValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'
import {
  countTry,
  limiters,
  secondsToWait,
  throttleKeys,
  waitBeforeResendMessage,
} from '#services/throttle'

export const RESET_LINK_SENT_MESSAGE =
  'Si un compte existe pour cette adresse, un e-mail vient d’être envoyé.'

/** Auth/ForgotPassword: the same answer whether the address has an account or not. */
export default class ForgotPasswordController {
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/ForgotPassword', {})
  }

  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const { email } = await request.validateUsing(forgotPasswordValidator)
    // One link a minute per address, counted for unknown addresses too (no enumeration)
    const checks: Parameters<typeof countTry>[0] = [
      [limiters.perMinute(), throttleKeys.forgotPassword(email)],
    ]
    const wait = await secondsToWait(checks)
    if (wait > 0) {
      flashFieldErrors(session, { email: waitBeforeResendMessage(wait) })
      return response.redirect().back()
    }
    await countTry(checks)
    const user = await new SendPasswordResetLink().handle(email)
    await audit(actorOf(ctx), {
      action: 'auth.password_reset_requested',
      userId: user?.id ?? null,
      subjectType: user ? 'user' : undefined,
      subjectId: user?.id,
      after: user ? null : { email, known: false },
    })
    session.flash('success', RESET_LINK_SENT_MESSAGE)
    return response.redirect().back()
  }
}
