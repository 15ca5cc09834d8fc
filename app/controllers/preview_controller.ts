import type { HttpContext } from '@adonisjs/core/http'
import { errorMessage } from '#services/http/http_errors'
import { NotFoundException } from '#exceptions/http_exceptions'

/** Template demonstration pages (SPEC.md §1): sample data only, no business function. */
export default class PreviewController {
  async backend({ inertia }: HttpContext) {
    return inertia.render('preview/Backend', { boxed: false })
  }

  async backendBoxed({ inertia }: HttpContext) {
    return inertia.render('preview/Backend', { boxed: true })
  }

  async auth({ inertia }: HttpContext) {
    return inertia.render('preview/Auth', {})
  }

  async error({ inertia, params }: HttpContext) {
    const status = Number(params.code)
    if (![400, 401, 403, 404, 500, 503].includes(status)) throw new NotFoundException()
    return inertia.render('Errors/Status', { status, message: errorMessage(status), preview: true })
  }
}
