import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { isApiRequest } from '#services/http/http_errors'
import { EmailNotVerifiedException } from '#exceptions/http_exceptions'

export const VERIFY_FIRST_MESSAGE = 'Veuillez d’abord vérifier votre adresse e-mail.'

/**
 * An unverified account reaches only its profile, the verification page and logout: every
 * other page sends it to /email/verify, every API call answers 403 JSON. Runs after `auth`.
 */
export default class VerifiedMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const user = ctx.auth.getUserOrFail()
    if (user.emailVerifiedAt) return next()
    if (isApiRequest(ctx)) throw new EmailNotVerifiedException()
    ctx.session.flash('warning', VERIFY_FIRST_MESSAGE)
    return ctx.response.redirect().toRoute('app.verification.notice')
  }
}
