import type { HttpContext } from '@adonisjs/core/http'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import {
  COMMANDE_SORT_COLUMNS,
  parseCommandeListParams,
  commandeDetail,
  commandeListItem,
  commandeCountQuery,
  commandeCountedPage,
  commandeListQuery,
  findCommande,
  commandeFiltresPersonnes,
} from '#services/commandes/commande_service'

import { commandeFacturation } from '#services/factures/commande_factures'
import { commandeTimeline } from '#services/commandes/commande_timeline'
import { avenantSummary } from '#services/avenants/avenant_page'
import { commandeFichiers } from '#services/commandes/commande_fichiers'

const policy = new CommandePolicy()

/** esi/commande Index and Show: the orders created by signed bdcs (esi only). */
export default class CommandesController {
  async index({ inertia, request }: HttpContext) {
    const params = parseCommandeListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => commandeListQuery(params),
      count: () => commandeCountQuery(params),
      // A search: its page and its exact count in one statement (decisions 771, 845)
      counted: params.words.length ? () => commandeCountedPage(params) : undefined,
      columns: COMMANDE_SORT_COLUMNS,
      table: 'commandes',
      map: commandeListItem,
      // Plain rows (pojo): the page's plan is kept per connection (decision 813)
      prepared: true,
    })
    return inertia.render('esi/commande/Index', {
      commandes: list,
      filters: filtersProp(params),
      warnings,
      personnes: await commandeFiltresPersonnes(),
    })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommande(params.id)
    // The timeline first: it brings the automatic steps (and the commande's statut) up to date
    const timeline = await commandeTimeline(commande, auth.user ?? null)
    return inertia.render('esi/commande/Show', {
      commande: await commandeDetail(commande),
      facturation: await commandeFacturation(commande),
      timeline,
      // Decision 414: the avenant on the mesurage step; every file of the commande in one
      // query, grouped by step on the page
      avenant: await avenantSummary(commande.id),
      fichiers: await commandeFichiers(commande.id),
    })
  }
}
