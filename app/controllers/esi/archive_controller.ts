import type { HttpContext } from '@adonisjs/core/http'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import {
  ARCHIVE_SORT_COLUMNS,
  archiveListItem,
  archiveListQuery,
  parseArchiveListParams,
} from '#services/commandes/archive_list'
import { archiveDossier, findArchivedCommande } from '#services/commandes/archive_dossier'

const policy = new CommandePolicy()

/**
 * esi/archive Index and Show (issue 14 §4): the finished and cancelled commandes, and the whole
 * file of one of them, read only (esi only; a running commande is a 404 here).
 */
export default class ArchiveController {
  async index({ inertia, request, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const params = parseArchiveListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => archiveListQuery(params),
      columns: ARCHIVE_SORT_COLUMNS,
      table: 'commandes',
      map: archiveListItem,
      // Only the archived rows of the table, even without a filter
      scoped: true,
    })
    return inertia.render('esi/archive/Index', {
      commandes: list,
      filters: filtersProp(params),
      warnings,
    })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findArchivedCommande(params.id)
    return inertia.render('esi/archive/Show', await archiveDossier(commande, auth.user ?? null))
  }
}
