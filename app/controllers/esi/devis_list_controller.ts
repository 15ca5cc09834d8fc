import type { HttpContext } from '@adonisjs/core/http'
import { filtersProp } from '#services/list/list_params'
import {
  commercialOptions,
  listDevis,
  parseDevisListParams,
  type DevisListRow,
} from '#services/devis_list/devis_list'
import { exportDevis } from '#services/devis_list/devis_export'
import { sendCsv } from '#services/http/csv_response'
import type { DevisStatut } from '#shared/devis'
import type { DevisListItem } from '#shared/devis_list'
import { limitAction } from '#services/throttle'

function devisListItem(row: DevisListRow): DevisListItem {
  return {
    id: Number(row.id),
    numero: row.numero,
    revision: Number(row.revision),
    date_devis: row.date_devis,
    client_id: Number(row.client_id),
    client_nom: row.client_nom,
    objet: row.objet,
    commercial:
      row.commercial_id && row.commercial_nom
        ? { id: row.commercial_id, nom: row.commercial_nom }
        : null,
    total_ht: Number(row.total_ht),
    total_ttc: Number(row.total_ttc),
    statut: row.statut as DevisStatut,
    valable_jusqu_au: row.valable_jusqu_au,
    validite_depassee: Boolean(row.validite_depassee),
  }
}

/** esi/devis/Index: the devis list and its CSV export (routes in start/routes/devis_list.ts). */
export default class DevisListController {
  async index({ inertia, request }: HttpContext) {
    const params = parseDevisListParams(request.qs())
    const { list, warnings } = await listDevis(params, devisListItem)
    return inertia.render('esi/devis/Index', {
      devis: list,
      filters: filtersProp(params),
      warnings,
      // A closure: left out of the partial reloads of sorting, searching and paging
      commerciaux: () => commercialOptions(),
    })
  }

  /** The filtered list in its order, as CSV (same parameters as the page). */
  async export({ auth, request, response }: HttpContext) {
    await limitAction(auth.getUserOrFail().id, 'export')
    sendCsv(response, exportDevis(parseDevisListParams(request.qs())))
  }
}
