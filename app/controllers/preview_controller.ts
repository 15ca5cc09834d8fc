import type { HttpContext } from '@adonisjs/core/http'
import { errorMessage } from '#services/http/http_errors'
import { NotFoundException } from '#exceptions/http_exceptions'
import { isSpecial } from '#shared/preview'

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

  async landing({ inertia }: HttpContext) {
    return inertia.render('preview/Landing', {})
  }

  /** checkout, coming-soon, installation, maintenance, status (shared/preview.ts); else 404. */
  async special({ inertia, params }: HttpContext) {
    if (!isSpecial(params.page)) throw new NotFoundException()
    return inertia.render('preview/Specials', { page: params.page })
  }
}
