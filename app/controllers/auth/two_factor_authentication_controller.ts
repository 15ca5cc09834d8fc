import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import hash from '@adonisjs/core/services/hash'
import EnableTwoFactor from '#actions/auth/enable_two_factor'
import DisableTwoFactor from '#actions/auth/disable_two_factor'
import { passwordValidator } from '#validators/auth'
import { flashFieldErrors } from '#services/http/form_errors'
import { STEP_UP_KEY } from '#services/http/auth_session'
import { WRONG_PASSWORD_MESSAGE } from '#controllers/auth/confirm_password_controller'

/** Two-factor settings: start the setup (QR code shown next) or turn it off. */
export default class TwoFactorAuthenticationController {
  async store(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    await new EnableTwoFactor().handle(actorOf(ctx), user)
    return ctx.response.redirect().back()
  }

  /** Turning it off takes the password, even right after a confirmation. */
  async destroy(ctx: HttpContext) {
    const { request, response, session, auth } = ctx
    const user = auth.getUserOrFail()
    const { password } = await request.validateUsing(passwordValidator)
    if (!(await hash.verify(user.password, password))) {
      flashFieldErrors(session, { password: WRONG_PASSWORD_MESSAGE })
      return response.redirect().back()
    }
    await new DisableTwoFactor().handle(actorOf(ctx), user)
    session.forget(STEP_UP_KEY)
    session.flash('success', 'La double authentification est désactivée.')
    return response.redirect().back()
  }
}
