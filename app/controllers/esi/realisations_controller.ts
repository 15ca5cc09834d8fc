import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import { parseId } from '#services/route_params'
import { actorOf } from '#services/actor'
import { normalizeTerm, searchWords } from '#services/recherche'
import { whereWords } from '#services/list/list_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import {
  deletePhoto,
  findPhoto,
  realisationsOptions,
  realisationsPage,
  updatePhoto,
} from '#services/realisations/realisations'
import { realisationUpdateValidator } from '#validators/realisations'
import { parseFiltres } from '#shared/realisations'

const policy = new CommandePolicy()

/** The photos of the commandes as a gallery (issue 14 §4): filter, caption, publique, delete. */
export default class RealisationsController {
  async index({ request, inertia, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const filtres = parseFiltres(request.qs())
    const [page, options] = await Promise.all([realisationsPage(filtres), realisationsOptions()])
    // The upload panel opened on a commande (a link from elsewhere: ?commande=ID)
    const commandeId = parseId(request.input('commande'))
    const commande = commandeId
      ? await db
          .from('commandes')
          .where('id', commandeId)
          .select('id', 'numero', 'client_nom', 'objet')
          .first()
      : null
    return inertia.render('esi/realisation/Index', {
      photos: page.items,
      total: page.total,
      page: page.page,
      pages: page.pages,
      filtres: { ...filtres, page: page.page },
      options,
      commande: commande ?? null,
      canDelete: policy.deletePhoto(auth.user ?? null) === 'allow',
    })
  }

  /** The upload panel's commande picker: by number, client or object (10 at most). */
  async commandes({ request, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const words = searchWords(normalizeTerm(request.input('q')))
    const query = db
      .from('commandes')
      .select('id', 'numero', 'client_nom', 'objet')
      .orderBy('id', 'desc')
      .limit(10)
    whereWords(query, 'recherche', words)
    return response.ok({ commandes: await query })
  }

  async update(ctx: HttpContext) {
    const { request, response, auth, params, session } = ctx
    authorize(policy.update(auth.user ?? null))
    const id = parseId(params.id, 'bigint')
    const row = id ? await findPhoto(id) : null
    if (!row) throw new NotFoundException()
    const input = await request.validateUsing(realisationUpdateValidator)
    await updatePhoto(row, input, actorOf(ctx))
    if (request.accepts(['html', 'json']) === 'json') {
      return response.ok({ id: row.id, legende: row.legende, publique: row.publique })
    }
    session.flash('success', 'Photo mise à jour.')
    return response.redirect().back()
  }

  /** Deleting is an admin action (droit admin on, recent step-up), like other deletions. */
  async destroy(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    authorize(policy.deletePhoto(auth.user ?? null))
    const id = parseId(params.id, 'bigint')
    const row = id ? await findPhoto(id) : null
    if (!row) throw new NotFoundException()
    await deletePhoto(row, actorOf(ctx))
    session.flash('success', 'Photo supprimée.')
    return response.redirect().back()
  }
}
