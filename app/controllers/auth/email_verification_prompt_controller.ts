import type { HttpContext } from '@adonisjs/core/http'

/** Auth/VerifyEmail: "Vérifiez votre adresse e-mail", with the resend button. */
export default class EmailVerificationPromptController {
  async create({ auth, inertia, response }: HttpContext) {
    const user = auth.getUserOrFail()
    if (user.emailVerifiedAt) return response.redirect().toRoute('app.dashboard')
    return inertia.render('Auth/VerifyEmail', { email: user.email })
  }
}
