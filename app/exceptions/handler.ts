import app from '@adonisjs/core/services/app'
import { type HttpContext, ExceptionHandler } from '@adonisjs/core/http'
import type { StatusPageRange, StatusPageRenderer } from '@adonisjs/core/types/http'
import { errorMessage, isApiRequest } from '#services/http_errors'

/**
 * One place that turns every error into what the caller can read: an Inertia error page for page
 * visits, JSON for API and XHR calls, French messages, and a stack trace only in development.
 */
export default class HttpExceptionHandler extends ExceptionHandler {
  protected debug = app.inDev

  protected renderStatusPages = true

  protected statusPages: Record<StatusPageRange, StatusPageRenderer> = app.inDev
    ? { '400..499': (error, ctx) => this.renderPage(error.status, ctx) }
    : { '400..599': (error, ctx) => this.renderPage(error.status, ctx) }

  private renderPage(status: number, ctx: HttpContext) {
    ctx.response.status(status)
    return ctx.inertia.render('Errors/Status', { status, message: errorMessage(status) })
  }

  async handle(error: unknown, ctx: HttpContext) {
    const err = error as { code?: string; status?: number; messages?: unknown; handle?: unknown }

    // Shield flashes and redirects on a bad CSRF token; the spec wants a 419 the client can see
    if (err.code === 'E_BAD_CSRF_TOKEN') {
      return this.respond(419, ctx)
    }

    if (isApiRequest(ctx)) {
      if (err.code === 'E_VALIDATION_ERROR') {
        return ctx.response.status(422).send({ message: errorMessage(422), errors: err.messages })
      }
      if (err.code === 'E_UNAUTHORIZED_ACCESS') {
        return ctx.response.status(401).send({ message: errorMessage(401) })
      }
      const status = err.status && err.status >= 400 ? err.status : 500
      if (status >= 500 && this.debug) return super.handle(error, ctx)
      return ctx.response.status(status).send({ message: errorMessage(status) })
    }

    return super.handle(error, ctx)
  }

  private respond(status: number, ctx: HttpContext) {
    if (isApiRequest(ctx) || ctx.request.header('x-inertia')) {
      // A non-Inertia answer on purpose: the client's global handler redirects to /login
      return ctx.response.status(status).send({ message: errorMessage(status) })
    }
    return this.renderPage(status, ctx)
  }

  async report(error: unknown, ctx: HttpContext) {
    return super.report(error, ctx)
  }
}
