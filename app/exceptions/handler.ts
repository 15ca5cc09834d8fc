import env from '#start/env'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import { errorMessage, isApiRequest, LOGIN_REQUIRED_MESSAGE } from '#services/http/http_errors'
import {
  ActionLimitException,
  AppException,
  ConflictException,
  RedirectingException,
  TooManyAttemptsException,
} from '#exceptions/http_exceptions'
import { FROZEN_SQLSTATE, frozenFromDatabase } from '#services/documents/immutable'
import {
  clientGone,
  ClientClosedRequestException,
  faultException,
  ServiceUnavailableException,
} from '#exceptions/faults'

/** A foreign key refused the change (PostgreSQL 23503). */
export const FOREIGN_KEY_MESSAGE =
  'Cette opération est refusée : un élément lié est encore utilisé par d’autres documents ou n’existe plus. Rechargez la page.'

/**
 * One place that turns every error into what the caller can read: an Inertia error page for page
 * visits, JSON for API and XHR calls, French messages. A stack trace only with APP_DEBUG (set by
 * `npm run dev`): `npm start` runs in development mode but answers like production, the details
 * going to the server log only.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = env.get('APP_DEBUG') ?? false

  protected renderStatusPages = true

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = this.debug
    ? { '400..499': (error, ctx) => this.renderPage(error.status, ctx) }
    : { '400..599': (error, ctx) => this.renderPage(error.status, ctx) }

  /** The Errors/Status page (Inertia page object or HTML shell), with a French message. */
  private async renderPage(status: number, ctx: HttpContext) {
    ctx.response.status(status)
    // Errors raised before the Inertia middleware ran have no page renderer: plain French text
    if (!ctx.inertia) return errorMessage(status)
    try {
      return await ctx.inertia.render('Errors/Status', { status, message: errorMessage(status) })
    } catch (renderError) {
      // The page itself failed (e.g. the database is down for the shared props): still French,
      // still no trace — the framework's fallback handler would print one outside production
      ctx.logger.error({ err: renderError }, 'error page rendering failed')
      return errorMessage(status)
    }
  }

  async handle(error: unknown, ctx: HttpContext) {
    // The foreign keys are the last wall behind the services' own checks: a row still used by
    // another one is a French 409 with the usual refusal path, never a 500
    if ((error as { code?: string }).code === '23503') {
      ctx.logger.warn({ err: error }, 'foreign key refused a change')
      error = new ConflictException(FOREIGN_KEY_MESSAGE)
    }
    // The freeze trigger of an issued facture (migration 0500): its French sentence, a 422
    const frozen = frozenFromDatabase(error)
    if (frozen) {
      ctx.logger.warn({ err: error }, 'frozen document refused a change')
      error = frozen
    }
    // The client closed the connection before its body was read: a 400, not a server error
    if (clientGone(error)) error = new ClientClosedRequestException()
    // The database down or restarting, the disk full: a French 503/507, never a trace
    const fault = faultException(error)
    if (fault) {
      error = fault
      if (fault instanceof ServiceUnavailableException) ctx.response.header('Retry-After', '5')
    }
    const err = error as { code?: string; status?: number; messages?: unknown; handle?: unknown }

    // Shield flashes and redirects on a bad CSRF token; the spec wants a 419 the client can see
    if (err.code === 'E_BAD_CSRF_TOKEN') {
      return this.respond(419, ctx)
    }

    if (error instanceof TooManyAttemptsException) {
      ctx.response.header('Retry-After', String(error.retryAfter))
    }

    if (isApiRequest(ctx)) {
      // A detour to take first (step-up, password confirmation, two-factor setup): where to go
      if (error instanceof RedirectingException) {
        return ctx.response.status(error.status).send({ message: error.message, ...error.payload })
      }
      if (err.code === 'E_VALIDATION_ERROR') {
        return ctx.response.status(422).send({ message: errorMessage(422), errors: err.messages })
      }
      if (err.code === 'E_UNAUTHORIZED_ACCESS') {
        return ctx.response.status(401).send({ message: errorMessage(401) })
      }
      const status = err.status && err.status >= 400 ? err.status : 500
      if (status >= 500 && this.debug) return super.handle(error, ctx)
      // Our own exceptions carry a French message meant for the user; others get the generic one
      const message = error instanceof AppException ? error.message : errorMessage(status)
      return ctx.response.status(status).send({ message })
    }

    if (error instanceof RedirectingException) {
      return ctx.response.redirect().toPath(error.redirectTo)
    }

    // A refused change submitted from a page (a stale version, a status the document cannot
    // take): back to that page with the French reason as an error toast and in the `_form`
    // error bag, and what was typed kept — never an error page that loses the user's work.
    // Too many mails, PDFs or exports: back to the page too, even from a link (GET)
    if (
      error instanceof AppException &&
      (error instanceof ActionLimitException ||
        ([409, 422].includes(error.status) && ctx.request.method() !== 'GET')) &&
      ctx.session
    ) {
      ctx.session.flashExcept(['_csrf', '_method', 'password', 'password_confirmation'])
      ctx.session.flash('error', error.message)
      ctx.session.flash('inputErrorsBag', { _form: [error.message] })
      return ctx.response.redirect().back()
    }

    // A page visit without a session: to the login page with a French message (the auth
    // package's own renderer flashes an English one and an error bag)
    if (err.code === 'E_UNAUTHORIZED_ACCESS' && ctx.session) {
      ctx.session.flashExcept(['_csrf', '_method', 'password', 'password_confirmation'])
      ctx.session.flash('error', LOGIN_REQUIRED_MESSAGE)
      return ctx.response.redirect().withIntendedUrl().toRoute('guest.login')
    }

    return super.handle(error, ctx)
  }

  /** The exception handler's return value is not sent: write the body here. */
  private async respond(status: number, ctx: HttpContext) {
    if (isApiRequest(ctx) || ctx.request.header('x-inertia')) {
      // A non-Inertia answer on purpose: the client's global handler redirects to /login
      return ctx.response.status(status).send({ message: errorMessage(status) })
    }
    const body = await this.renderPage(status, ctx)
    return ctx.response.status(status).send(body)
  }

  async report(error: unknown, ctx: HttpContext) {
    // Answered as a 409 and logged as a warning by handle(): not a server error
    const code = (error as { code?: string }).code
    if (code === '23503' || code === FROZEN_SQLSTATE) return
    if (clientGone(error)) {
      ctx.logger.info({ type: (error as { type: string }).type }, 'client closed the request')
      return
    }
    return super.report(error, ctx)
  }
}
