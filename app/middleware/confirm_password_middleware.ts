import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import type { NextFn } from '@adonisjs/core/types/http'
import { passwordRecentlyConfirmed } from '#services/http/auth_session'
import { currentPagePath, rememberIntended } from '#services/http/intended'
import { PasswordConfirmationRequiredException } from '#exceptions/http_exceptions'

/**
 * Sensitive pages and actions (two-factor settings, account deletion, droit switches) ask for
 * the password again when it was last given more than 3 hours ago (ASVS 7.5.1), then come back
 * to the page. API calls get 423 JSON with `confirm_url`.
 */
export default class ConfirmPasswordMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (passwordRecentlyConfirmed(ctx.session)) return next()
    rememberIntended(ctx, 'confirm_password', currentPagePath(ctx, urlFor('app.profile')))
    throw new PasswordConfirmationRequiredException(urlFor('app.password.confirm'))
  }
}
