import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import type User from '#models/user'
import { updatePasswordValidator } from '#validators/profile'
import {
  checkCurrentPassword,
  WRONG_CURRENT_PASSWORD_MESSAGE,
} from '#actions/profile/check_current_password'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'
import { endAllSessions } from '#services/end_sessions'
import { startUserSession } from '#services/http/user_sessions'

export const PASSWORD_CHANGED_MESSAGE =
  'Votre mot de passe est modifié. Vos autres sessions ont été fermées.'
export const SAME_PASSWORD_MESSAGE = 'Le nouveau mot de passe doit être différent de l’actuel.'

/** UpdatePasswordForm: the current password, then a new one (8 to 128 characters). */
export default class PasswordController {
  /**
   * Every other session of the user ends (and his remember-me tokens); this one goes on under a
   * new session id, as after a login.
   */
  async update(ctx: HttpContext) {
    const { auth, request, response, session } = ctx
    const user = auth.getUserOrFail() as User
    const data = await request.validateUsing(updatePasswordValidator)
    const wrong = await checkCurrentPassword(
      actorOf(ctx),
      user,
      data.current_password,
      WRONG_CURRENT_PASSWORD_MESSAGE
    )
    if (wrong) {
      flashFieldErrors(session, { current_password: wrong })
      return response.redirect().back()
    }
    if (data.password === data.current_password) {
      flashFieldErrors(session, { password: SAME_PASSWORD_MESSAGE })
      return response.redirect().back()
    }

    const guard = auth.use('web')
    const remembered = Boolean(request.encryptedCookie(guard.rememberMeKeyName))
    user.password = data.password
    await user.save()
    await audit(actorOf(ctx), {
      action: 'profile.password_changed',
      subjectType: 'user',
      subjectId: user.id,
    })
    await endAllSessions(user.id)
    await startUserSession(ctx, user, { remember: remembered, passwordTyped: true })
    session.flash('success', PASSWORD_CHANGED_MESSAGE)
    return response.redirect().toRoute('app.profile')
  }
}
