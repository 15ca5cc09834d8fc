import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import app from '@adonisjs/core/services/app'
import { canReach } from '#shared/roles'
import { defaultMailer } from '#config/mail'
import { NotFoundException } from '#exceptions/http_exceptions'

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1'])

/** Mails are kept under storage/mails (MAIL_MAILER=file), never in production. */
export function mailsAreKept(): boolean {
  return !app.inProduction && defaultMailer() === 'file'
}

/**
 * Development tools (kept emails hold reset links): the routes are not registered in
 * production, and they answer 404 unless mails are kept, the browser is on the machine itself
 * and the user is staff (esi area, two-factor on) — never a guest, a pro or a staff member
 * acting as another role.
 */
export default class DevOnlyMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    if (!mailsAreKept() || !LOOPBACK.has(ctx.request.ip())) throw new NotFoundException()
    const user = ctx.auth?.user
    const staff =
      user &&
      canReach({ role: user.role, acces_role: user.accesRole, droit: user.droit }, 'esi') &&
      user.hasTwoFactor
    if (!staff) throw new NotFoundException()
    return next()
  }
}
