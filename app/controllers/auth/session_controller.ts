import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { actorOf } from '#services/actor'
import User from '#models/user'
import { loginValidator } from '#validators/auth'
import { audit } from '#services/audit'
import { flashFieldErrors } from '#services/http/form_errors'
import { isApiRequest } from '#services/http/http_errors'
import { localPathOr } from '#services/safe_redirect'
import { putPendingLogin } from '#services/http/auth_session'
import { startUserSession } from '#services/http/user_sessions'
import {
  clearTries,
  giveBackTry,
  limiters,
  takeTry,
  throttleKeys,
  tooManyAttemptsMessage,
} from '#services/throttle'
import { TooManyAttemptsException } from '#exceptions/http_exceptions'

export const BAD_CREDENTIALS_MESSAGE = 'Ces identifiants ne correspondent à aucun compte.'

export default class SessionController {
  async create({ inertia }: HttpContext) {
    return inertia.render('Auth/Login', {})
  }

  /**
   * The password step. 5 failures a minute per email+IP and 30 per IP, then a wait (ASVS 6.3.1). With
   * two-factor on, the login waits for the code (FrontTwoFactorChallenge); the session only
   * becomes the user's after it.
   */
  async store(ctx: HttpContext) {
    const { request, response, session } = ctx
    const { email, password, remember } = await request.validateUsing(loginValidator)
    const attempts = limiters.attempts()
    const key = throttleKeys.login(email, request.ip())
    const ipAttempts = limiters.ipAttempts()
    const ipKey = throttleKeys.loginIp(request.ip())

    // The try is counted before the password is checked: 30 parallel tries get 5 checks
    const wait = (await takeTry(attempts, key)) || (await takeTry(ipAttempts, ipKey))
    if (wait > 0) {
      await audit(actorOf(ctx), { action: 'auth.login_throttled', after: { email } })
      return this.refuse(ctx, tooManyAttemptsMessage(wait), wait)
    }

    let user: User
    try {
      user = await User.verifyCredentials(email.toLowerCase(), password)
    } catch (error) {
      if ((error as { code?: string }).code !== 'E_INVALID_CREDENTIALS') throw error
      await audit(actorOf(ctx), { action: 'auth.login_failed', after: { email } })
      // Same message whether the email exists or not; what the user typed stays in the form
      return this.refuse(ctx, BAD_CREDENTIALS_MESSAGE)
    }
    // Only failures count: the account's count starts again, the IP's try is given back
    await clearTries(attempts, key)
    await giveBackTry(ipAttempts, ipKey)

    if (user.hasTwoFactor) {
      putPendingLogin(session, user, Boolean(remember))
      await audit(actorOf(ctx), {
        action: 'auth.login_password_ok',
        userId: user.id,
        subjectType: 'user',
        subjectId: user.id,
      })
      return response.redirect().toRoute('twofactor.challenge')
    }

    await startUserSession(ctx, user, { remember: Boolean(remember), passwordTyped: true })
    await audit(actorOf(ctx), {
      action: 'auth.login',
      userId: user.id,
      subjectType: 'user',
      subjectId: user.id,
      after: { via: 'password' },
    })
    return response
      .redirect()
      .toPath(localPathOr(session.pullIntendedUrl(), urlFor('app.dashboard')))
  }

  /** Logout ends the session in the store (new empty id) and deletes the remember-me token. */
  async destroy(ctx: HttpContext) {
    const { auth, response, session } = ctx
    const userId = auth.user?.id
    await auth.use('web').logout()
    session.clear()
    session.regenerate()
    await audit(actorOf(ctx), {
      action: 'auth.logout',
      userId,
      subjectType: 'user',
      subjectId: userId,
    })
    session.flash('success', 'Vous êtes déconnecté.')
    return response.redirect().toRoute('guest.login')
  }

  /** 429 JSON for API callers; the message next to the email field for the login form. */
  private refuse(ctx: HttpContext, message: string, wait?: number) {
    if (wait && isApiRequest(ctx)) throw new TooManyAttemptsException(message, wait)
    flashFieldErrors(ctx.session, { email: message })
    return ctx.response.redirect().back()
  }
}
