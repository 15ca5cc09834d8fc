import type { HttpContext } from '@adonisjs/core/http'
import DemandePaiementPolicy from '#policies/demande_paiement_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import DemandePaiement from '#models/demande_paiement'
import { findBdc } from '#services/bdc/bdc_service'
import {
  demandeDetail,
  markDemandePayee,
  resteADemander,
} from '#services/paiement/demande_paiement_service'
import { createAndSendDemande, resendDemandeMail } from '#services/paiement/demande_mail'
import { fieldError } from '#services/field_error'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { demandePaiementValidator } from '#validators/bdc'
import { MoneyFormatError, parseMoney } from '#shared/money'
import { resteMessage } from '#shared/machines/bdc'
import { limitAction } from '#services/throttle'

async function findDemande(rawId: unknown): Promise<DemandePaiement> {
  const id = parseId(rawId)
  const demande = id ? await DemandePaiement.find(id) : null
  if (!demande) throw new NotFoundException()
  return demande
}

const policy = new DemandePaiementPolicy()

/**
 * Demandes de paiement (DESIGN.md §2): asked from a bdc (its acompte by default), mailed to the
 * customer with the signed public link, shown to esi with the EPC QR code, marked paid once.
 */
export default class DemandePaiementController {
  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const user = auth.getUserOrFail()
    const bdc = await findBdc(params.id)
    await limitAction(user.id, 'mail', `bdc:${bdc.id}`)
    const input = await request.validateUsing(demandePaiementValidator)
    let montant = bdc.acompte
    if (input.montant) {
      try {
        montant = parseMoney(input.montant)
      } catch (error) {
        if (error instanceof MoneyFormatError) fieldError('montant', error.message, 'money')
        throw error
      }
    }
    if (montant <= 0) fieldError('montant', 'Le montant demandé doit être positif.', 'min')
    if (montant > bdc.totalTtc) {
      fieldError('montant', 'Le montant demandé dépasse le total TTC du bon de commande.', 'max')
    }
    const reste = await resteADemander(bdc.id, bdc.totalTtc)
    if (montant > reste) fieldError('montant', resteMessage(reste), 'max')
    await bdc.load('client')
    const email = input.email ?? bdc.client?.email ?? null
    // Mailed after the commit: a mail never announces a request that was rolled back
    const { demande, mailSent: sent } = await createAndSendDemande(actorOf(ctx), {
      bdcId: bdc.id,
      montant,
      email,
      lockVersion: input.lock_version,
      userId: user.id,
    })
    session.flash(
      sent ? 'success' : 'warning',
      sent
        ? `Demande de paiement ${demande.numero} créée et envoyée à ${email}.`
        : email
          ? `Demande de paiement ${demande.numero} créée, mais l’e-mail n’a pas pu partir : renvoyez-le.`
          : `Demande de paiement ${demande.numero} créée, sans e-mail (aucune adresse) : transmettez le lien au client.`
    )
    return response.redirect().toRoute('esi.paiement.show', { id: demande.id })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const demande = await findDemande(params.id)
    return inertia.render('esi/paiement/DemandePaiement', {
      demande: await demandeDetail(demande),
    })
  }

  async payee(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { response, session, auth, params } = ctx
    const demande = await findDemande(params.id)
    await markDemandePayee(actorOf(ctx), demande.id, auth.getUserOrFail().id)
    session.flash('success', `Demande ${demande.numero} marquée comme payée.`)
    return response.redirect().toRoute('esi.paiement.show', { id: demande.id })
  }

  async renvoyer(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { response, session, auth, params } = ctx
    const demande = await findDemande(params.id)
    await limitAction(auth.getUserOrFail().id, 'mail', `demande:${demande.id}`)
    const sent = await resendDemandeMail(actorOf(ctx), demande, auth.getUserOrFail())
    if (sent) session.flash('success', `E-mail renvoyé à ${demande.email}.`)
    else session.flash('error', 'L’e-mail n’a pas pu partir : réessayez dans un instant.')
    return response.redirect().toRoute('esi.paiement.show', { id: demande.id })
  }
}
