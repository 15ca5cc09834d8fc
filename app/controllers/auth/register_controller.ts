import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import User from '#models/user'
import { registerValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { startUserSession } from '#services/http/user_sessions'
import { countTry, limiters, throttleKeys } from '#services/throttle'
import SendEmailVerification from '#actions/auth/send_email_verification'

export default class RegisterController {
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/Register', {})
  }

  /** A new "other" account, unverified: it reaches only the verification page until verified. */
  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const data = await request.validateUsing(registerValidator)
    // Only name, email and password are read: role, droit… cannot be mass-assigned (ASVS 8.2.3)
    const user = await User.create({
      name: data.name,
      email: data.email,
      password: data.password,
      role: 'other',
    })
    await audit(actorOf(ctx), {
      action: 'auth.register',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
    })
    await new SendEmailVerification().handle(user)
    // The first email counts against the resend limits (1 a minute, 6 an hour)
    await countTry([
      [limiters.perMinute(), throttleKeys.verificationMinute(user.id)],
      [limiters.sixPerHour(), throttleKeys.verificationHour(user.id)],
    ])
    await audit(actorOf(ctx), {
      action: 'auth.verification_sent',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
    })
    await startUserSession(ctx, user, { passwordTyped: true })
    session.flash(
      'success',
      'Bienvenue ! Votre compte est créé. Vérifiez votre adresse e-mail pour l’activer.'
    )
    return response.redirect().toRoute('app.verification.notice')
  }
}
