import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import Client from '#models/client'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { listPage } from '#services/list/list_page'
import { filtersProp, type ListParams } from '#services/list/list_params'
import { sendExport } from '#services/http/csv_response'
import { limitAction } from '#services/throttle'
import { creanceFactures } from '#services/creances/creance_factures'
import {
  CREANCE_SORT_COLUMNS,
  creanceClientItem,
  creancePageQuery,
  creanceSearchPrepared,
  creanceSearchQuery,
  creanceSearchTotals,
  creanceTotals,
  parseCreanceListParams,
} from '#services/creances/creance_list'
import { exportCreances } from '#services/creances/creance_export'
import { creditClient } from '#services/paiements/paiement_service'
import { clientDisplayName } from '#shared/clients'
import { todayIso } from '#shared/dates'
import type { CreanceTotals } from '#shared/creances'

const policy = new FacturePolicy()

// The totals row counts the clients the filters select: the list's exact count
const count = (totals: CreanceTotals) => ({ count: totals.nb_clients, exact: true })
const listOptions = {
  columns: CREANCE_SORT_COLUMNS,
  table: 'factures',
  map: creanceClientItem,
  scoped: true,
  // Planning the page cost as much as running it: its plan is kept (decision 813)
  prepared: true,
}

/** The page and its totals, two statements run together. */
async function listAndTotals(params: ListParams, today: string) {
  const totalsRow = creanceTotals(params, today)
  const [page, totals] = await Promise.all([
    listPage(params, {
      ...listOptions,
      query: () => creancePageQuery(params, today),
      total: totalsRow.then(count),
    }),
    totalsRow,
  ])
  return { ...page, totals }
}

/** A search: the page carries its totals (decision 706); an empty page asks for them. */
async function searchPage(params: ListParams, today: string) {
  let totals: CreanceTotals | null = null
  const search = creanceSearchQuery(params, today)
  const page = await listPage(params, {
    ...listOptions,
    prepared: creanceSearchPrepared(params),
    query: search.query,
    around: search.around,
    totalOf: async (rows: Record<string, any>[]) => {
      totals = creanceSearchTotals(rows) ?? (await creanceTotals(params, today))
      return count(totals)
    },
  })
  return { ...page, totals: totals! }
}

/**
 * esi/compta/creance (issue 11 §4): what each client owes, aged; one client's open factures;
 * the CSV of the page. Staff only (routes in start/routes/creances.ts).
 */
export default class CreancesController {
  async index({ inertia, request, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const params = parseCreanceListParams(request.qs())
    const today = todayIso()
    const { list, warnings, totals } = params.words.length
      ? await searchPage(params, today)
      : await listAndTotals(params, today)
    return inertia.render('esi/compta/creance/Index', {
      creances: list,
      totals,
      today,
      filters: filtersProp(params),
      warnings,
    })
  }

  async client({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const id = parseId(params.id, 'bigint')
    const client = id ? await Client.find(id) : null
    if (!client) throw new NotFoundException()
    const today = todayIso()
    return inertia.render('esi/compta/creance/Client', {
      client: { id: client.idClient, nom: clientDisplayName(client), numero_tva: client.numeroTva },
      factures: await creanceFactures(client.idClient, today),
      credit: Math.max(0, await creditClient(client.idClient)),
      today,
    })
  }

  async export({ request, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    await limitAction(auth.getUserOrFail().id, 'export')
    sendExport(
      response,
      exportCreances(parseCreanceListParams(request.qs()), todayIso()),
      request.input('format')
    )
  }
}
