import type { HttpContext } from '@adonisjs/core/http'
import { parseId } from '#services/route_params'
import { sendFile } from '#services/http/file_response'
import { fichierStored } from '#services/commandes/commande_fichiers'
import { findPhoto, portfolioPage, realisationsOptions } from '#services/realisations/realisations'
import { companySociete } from '#services/company'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseFiltres } from '#shared/realisations'

/**
 * The public portfolio (issue 14 §4, decision 533): no login, the publique photos only, with
 * their caption, commune, product families and date — never the client, his address nor the
 * photo's GPS position. A photo's file is served only while it is publique: any other id is 404.
 */
export default class PublicRealisationsController {
  async index({ request, inertia }: HttpContext) {
    // The visitor filters by product family only (decision 533)
    const filtres = { ...parseFiltres(request.qs()), lieu: null, du: null, au: null }
    const [page, options, societe] = await Promise.all([
      portfolioPage(filtres),
      realisationsOptions(true),
      companySociete(),
    ])
    return inertia.render('Public/Realisations', {
      photos: page.items,
      total: page.total,
      page: page.page,
      pages: page.pages,
      filtres: { ...filtres, page: page.page },
      familles: options.familles,
      societe: societe ? { nom: societe.nom } : null,
    })
  }

  async photo({ params, request, response }: HttpContext) {
    const id = parseId(params.id, 'bigint')
    const row = id ? await findPhoto(id, true) : null
    if (!row) throw new NotFoundException()
    const vignette = request.input('vignette') === '1'
    // Short-lived: a photo made private again stops being served within minutes
    await sendFile(response, fichierStored(row, vignette), {
      filename: `realisation-${row.id}${vignette ? '-vignette' : ''}`,
      cacheControl: 'public, max-age=300',
    })
  }
}
