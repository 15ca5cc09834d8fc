import type { HttpContext } from '@adonisjs/core/http'
import { facturePeppol } from '#services/compta/peppol/peppol_send'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import { findBdc } from '#services/bdc/bdc_service'
import {
  FACTURE_SORT_COLUMNS,
  factureListItem,
  factureListQuery,
  parseFactureListParams,
} from '#services/factures/facture_list'
import {
  createAcompteFacture,
  deleteFactureBrouillon,
  findFacture,
  issueFacture,
} from '#services/factures/facture_service'
import { factureDetail } from '#services/factures/facture_detail'
import { ublEligible } from '#services/factures/facture_ubl'
import { facturxByDefault } from '#services/factures/facture_facturx'
import { factureLinkUrl } from '#services/factures/facture_link'
import { factureRelances } from '#services/relances/relance_service'
import { bdcVersionValidator, factureVersionValidator } from '#validators/factures'

const policy = new FacturePolicy()

/**
 * esi/compta/facture Index and Show (issue 11 §1): the factures, a draft's issue or deletion,
 * and the acompte facture made from a signed bdc. Routes in start/routes/factures.ts (esi only).
 */
export default class FacturesController {
  async index({ inertia, request, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const params = parseFactureListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => factureListQuery(params),
      columns: FACTURE_SORT_COLUMNS,
      table: 'factures',
      map: factureListItem,
      // A plain query: its plan is kept per connection (decision 813)
      prepared: true,
    })
    return inertia.render('esi/compta/facture/Index', {
      factures: list,
      filters: filtersProp(params),
      warnings,
    })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const facture = await findFacture(params.id)
    return inertia.render('esi/compta/facture/Show', {
      facture: await factureDetail(facture),
      // « UBL » and the Peppol attachment: issued, professional client with an enterprise number
      ubl: ublEligible(facture),
      // A French client's PDF is a Factur-X (decision 266)
      facturx: facturxByDefault(facture),
      // The customer's signed page (decision 234), once issued
      lien: facture.numero ? factureLinkUrl(facture) : null,
      // Its relances and the next level when one is due (decisions 245–254)
      relances: facture.numero ? await factureRelances(facture) : null,
      // « Envoyer via Peppol » when an access point is configured, and the sending once done
      peppol: await facturePeppol(facture),
    })
  }

  /** « Créer la facture d’acompte » on a signed bdc: the draft, then its page. */
  async storeAcompte(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const bdc = await findBdc(params.id)
    const input = await request.validateUsing(bdcVersionValidator)
    const facture = await createAcompteFacture(actorOf(ctx), {
      bdcId: bdc.id,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
    })
    session.flash(
      'success',
      'Brouillon de la facture d’acompte créé : vérifiez-le puis émettez-le.'
    )
    return response.redirect().toRoute('esi.factures.show', { id: facture.id })
  }

  async emettre(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const facture = await findFacture(params.id)
    const input = await request.validateUsing(factureVersionValidator)
    const issued = await issueFacture(actorOf(ctx), {
      factureId: facture.id,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
    })
    session.flash('success', `Facture ${issued.numero} émise.`)
    return response.redirect().toRoute('esi.factures.show', { id: facture.id })
  }

  async destroy(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const facture = await findFacture(params.id)
    const input = await request.validateUsing(factureVersionValidator)
    await deleteFactureBrouillon(actorOf(ctx), {
      factureId: facture.id,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
    })
    session.flash('success', 'Brouillon de facture supprimé.')
    return response.redirect().toRoute('esi.compta.facture')
  }
}
