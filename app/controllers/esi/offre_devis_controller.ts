import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import { actorOf } from '#services/actor'
import { AppException } from '#exceptions/http_exceptions'
import { isApiRequest } from '#services/http/http_errors'
import { parseId } from '#services/route_params'
import { offreToDevis } from '#services/offres/offre_to_devis'

/** What the flash says of the prices (decision 187). */
function pricesNote(repriced: number): string {
  if (repriced === 0) return 'aucune ligne du catalogue, les prix de l’offre sont repris'
  return repriced === 1
    ? 'le prix catalogue est appliqué à la ligne du catalogue'
    : `les prix catalogue sont appliqués aux ${repriced} lignes du catalogue`
}

/** esi turns a transmitted offre into a brouillon devis in one action (issue 5). */
export default class OffreDevisController {
  async store(ctx: HttpContext) {
    const { auth, params, response, session } = ctx
    const user = auth.getUserOrFail()
    try {
      const { devis, client, clientCreated, offre, repriced } = await offreToDevis(
        actorOf(ctx),
        user,
        params.id
      )
      const url = urlFor('esi.devis.edit', { id: devis.id })
      const message = `Le devis est créé depuis l’offre ${offre.numero} pour ${
        clientCreated ? 'le nouveau client' : 'le client'
      } « ${devis.clientNom} » (n° ${client.idClient}) : ${pricesNote(repriced)}, la commission du partenaire est indiquée à part ; vérifiez puis envoyez-le.`
      if (isApiRequest(ctx)) return response.created({ devis_id: devis.id, url, message })
      session.flash('success', message)
      return response.redirect().toPath(url)
    } catch (error) {
      // Already converted (a double click, a colleague): said on the offre's page
      if (!(error instanceof AppException) || error.status !== 422 || isApiRequest(ctx)) throw error
      session.flash('error', error.message)
      return response
        .redirect()
        .toPath(urlFor('partner.offres.preview', { id: parseId(params.id) ?? 0 }))
    }
  }
}
