import type { HttpContext } from '@adonisjs/core/http'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import { paginateList, readListState } from '#services/listing'
import {
  COMMANDE_LIST,
  commandeDetail,
  commandeListItem,
  commandeListQuery,
  findCommande,
} from '#services/commandes/commande_service'

const policy = new CommandePolicy()

/** esi/commande Index and Show: the orders created by signed bdcs (esi only). */
export default class CommandesController {
  async index({ inertia, request }: HttpContext) {
    const state = readListState(request.qs(), COMMANDE_LIST)
    const commandes = await paginateList(commandeListQuery(state), state, commandeListItem)
    return inertia.render('esi/commande/Index', { commandes, filters: state })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommande(params.id)
    return inertia.render('esi/commande/Show', { commande: await commandeDetail(commande) })
  }
}
