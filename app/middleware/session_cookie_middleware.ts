import type { HttpContext } from '@adonisjs/core/http'
import type { NextFn } from '@adonisjs/core/types/http'
import { SESSION_COOKIE } from '#config/session'
import { sessionTouchDue } from '#services/http/session_store'
import { resendKeptXsrfCookie } from '#services/http/csrf_guard'

/**
 * Whether the session cookie would be sent again with the same id and nothing else moved: the
 * id came with the request and stays, the data is unchanged and not empty, and the database
 * store does not push the row's expiry now (it does so once a minute, decision 541).
 */
function unchanged(ctx: HttpContext, value: unknown) {
  const session = (ctx as Partial<HttpContext>).session
  return (
    session !== undefined &&
    session.initiated &&
    !session.readonly &&
    !session.fresh &&
    !session.hasRegeneratedSession &&
    !session.hasBeenModified &&
    !session.isEmpty &&
    value === session.sessionId &&
    sessionTouchDue(ctx) === false
  )
}

/**
 * Placed just before @adonisjs/session's middleware, whose commit signs and sets the session
 * cookie on every answer. The cookie only says « this id, two more hours »: it is sent again
 * when the row's expiry moves (touch or write), the id changes or the session is emptied, and
 * skipped otherwise, so the browser's cookie expires with the row as before (decision 685).
 * Other stores (memory, Redis) touch on every request: their cookie is sent every time.
 */
export default class SessionCookieMiddleware {
  async handle(ctx: HttpContext, next: NextFn) {
    const response = ctx.response
    const cookie = response.cookie
    let sent = false
    response.cookie = function (this: typeof response, name, value, options) {
      if (name === SESSION_COOKIE) {
        if (unchanged(ctx, value)) return this
        sent = true
      }
      return cookie.call(this, name, value, options)
    }
    const output = await next()
    if (sent) resendKeptXsrfCookie(ctx)
    return output
  }
}
