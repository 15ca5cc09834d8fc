import type { HttpContext } from '@adonisjs/core/http'
import { titleForPath } from '#shared/navigation'

/**
 * Routes of SPEC.md §2 whose feature comes in a later issue: a real page, behind the same
 * server-side rights as the finished one will be.
 */
export default class PlaceholderController {
  async show({ inertia, request, route }: HttpContext) {
    const path = request.url()
    return inertia.render('UnderConstruction', {
      title: titleForPath(path) ?? 'Page en construction',
      path,
      routeName: route?.name ?? null,
    })
  }
}
