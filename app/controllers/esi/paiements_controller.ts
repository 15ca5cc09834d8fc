import type { HttpContext } from '@adonisjs/core/http'
import { randomUUID } from 'node:crypto'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import { parseId } from '#services/route_params'
import {
  facturesOuvertes,
  PAIEMENT_SORT_COLUMNS,
  paiementListItem,
  paiementListQuery,
  parsePaiementListParams,
} from '#services/paiements/paiement_list'
import {
  creditClient,
  parseMontant as cents,
  recordPaiement,
} from '#services/paiements/paiement_service'
import { paiementValidator } from '#validators/paiements'
import { DateTime } from 'luxon'

const policy = new FacturePolicy()

/**
 * esi/compta/paiements (issue 11 §3): the payments and the « Nouveau paiement » form. Choosing
 * a client reloads `ouvertes` (its open factures) and `credit`; the form's idempotency key is
 * made here, once per page load, so a double submit records one payment.
 */
export default class PaiementsController {
  async index({ inertia, request, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const params = parsePaiementListParams(request.qs())
    const clientId = parseId(request.qs().client)
    const { list, warnings } = await listPage(params, {
      query: () => paiementListQuery(params),
      columns: PAIEMENT_SORT_COLUMNS,
      table: 'paiements',
      map: paiementListItem,
    })
    return inertia.render('esi/compta/paiements/Index', {
      paiements: list,
      filters: filtersProp(params),
      warnings,
      idempotency_key: randomUUID(),
      ouvertes: clientId ? await facturesOuvertes(clientId) : [],
      credit: clientId ? await creditClient(clientId) : 0,
    })
  }

  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth } = ctx
    const input = await request.validateUsing(paiementValidator)
    const { created } = await recordPaiement(actorOf(ctx), {
      clientId: input.client_id,
      date: DateTime.fromJSDate(input.date),
      montant: cents(input.montant, true),
      mode: input.mode,
      reference: input.reference ?? null,
      compte: input.compte ?? null,
      idempotencyKey: input.idempotency_key,
      allocations: (input.allocations ?? []).map((a) => ({
        factureId: a.facture_id,
        montant: cents(a.montant),
      })),
      userId: auth.getUserOrFail().id,
    })
    session.flash(
      'success',
      created ? 'Paiement enregistré.' : 'Ce paiement était déjà enregistré.'
    )
    return response.redirect().toRoute('esi.compta.paiements')
  }
}
