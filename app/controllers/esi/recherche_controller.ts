import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'
import RecherchePolicy from '#policies/recherche_policy'
import { authorize } from '#policies/base_policy'
import { MIN_TERM_LENGTH, normalizeTerm, search } from '#services/recherche'

/** /recherhce (the path is spelled so, SPEC.md §2): the header's search, grouped by kind. */
export default class RechercheController {
  async show({ auth, inertia, request }: HttpContext) {
    authorize(new RecherchePolicy().search(auth.getUserOrFail() as User))
    const q = normalizeTerm(request.input('q'))
    return inertia.render('esi/Recherche', {
      q,
      minLength: MIN_TERM_LENGTH,
      groups: await search(q),
    })
  }
}
