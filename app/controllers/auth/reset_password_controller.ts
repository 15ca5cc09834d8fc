import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import ResetUserPassword, { findResetTokenUser } from '#actions/auth/reset_user_password'
import { resetPasswordValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'

export const INVALID_RESET_LINK =
  'Ce lien de réinitialisation est invalide ou a expiré. Demandez-en un nouveau.'
export const PASSWORD_RESET_DONE =
  'Votre mot de passe a été réinitialisé. Vous pouvez maintenant vous connecter.'

/** Auth/ResetPassword: a new password through a single-use link; the user then logs in. */
export default class ResetPasswordController {
  async create({ inertia, params }: HttpContext) {
    const token = String(params.token ?? '')
    return inertia.render('Auth/ResetPassword', {
      token,
      valid: Boolean(await findResetTokenUser(token)),
    })
  }

  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const { token, password } = await request.validateUsing(resetPasswordValidator)
    const user = await new ResetUserPassword().handle(token, password)
    if (!user) {
      flashFieldErrors(session, { token: INVALID_RESET_LINK })
      return response.redirect().back()
    }
    await audit(actorOf(ctx), {
      action: 'auth.password_reset',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
    })
    session.flash('success', PASSWORD_RESET_DONE)
    return response.redirect().toRoute('guest.login')
  }
}
