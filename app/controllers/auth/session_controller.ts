import type { HttpContext } from '@adonisjs/core/http'
import User from '#models/user'
import { loginValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/form_errors'

export default class SessionController {
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/Login', {})
  }

  async store(ctx: HttpContext) {
    const { request, auth, response, session } = ctx
    const { email, password } = await request.validateUsing(loginValidator)
    try {
      const user = await User.verifyCredentials(email.toLowerCase(), password)
      await auth.use('web').login(user)
      await audit(ctx, { action: 'auth.login', userId: user.id, subjectType: 'user', subjectId: user.id })
      return response.redirect().toPath('/dashboard')
    } catch (error) {
      if ((error as { code?: string }).code !== 'E_INVALID_CREDENTIALS') throw error
      await audit(ctx, { action: 'auth.login_failed', after: { email } })
      // Same message whether the email exists or not; what the user typed stays in the form
      flashFieldErrors(session, { email: 'Ces identifiants ne correspondent à aucun compte.' })
      return response.redirect().back()
    }
  }

  async destroy(ctx: HttpContext) {
    const { auth, response, session } = ctx
    const userId = auth.user?.id
    await auth.use('web').logout()
    await audit(ctx, { action: 'auth.logout', userId, subjectType: 'user', subjectId: userId })
    session.flash('success', 'Vous êtes déconnecté.')
    return response.redirect().toPath('/login')
  }
}
