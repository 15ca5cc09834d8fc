import type { HttpContext } from '@adonisjs/core/http'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { findCommande } from '#services/commandes/commande_service'
import { changeEtapeStatut, editEtape, etapeStatutMessage } from '#services/commandes/etape_edition'
import { annulerCommande, retracterCommande } from '#services/commandes/commande_annulation'
import {
  annulationValidator,
  etapeEditValidator,
  etapeStatutValidator,
  retractationValidator,
} from '#validators/commande_etapes'
import { NotFoundException } from '#exceptions/http_exceptions'
import { ETAPES, type Etape } from '#shared/commande_etapes'
import { formatEuros } from '#shared/totals'

const policy = new CommandePolicy()

function etapeParam(raw: unknown): Etape {
  if (typeof raw !== 'string' || !(ETAPES as readonly string[]).includes(raw)) {
    throw new NotFoundException()
  }
  return raw as Etape
}

/**
 * The commande's timeline (issue 12 §1): a step's owner, dates and notes, its manual statut,
 * the customer's withdrawal and a cancellation. Rules in app/services/commandes/*.
 */
export default class CommandeEtapesController {
  async update(ctx: HttpContext) {
    const { request, response, session, params, auth } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommande(params.id)
    const etape = etapeParam(params.etape)
    const input = await request.validateUsing(etapeEditValidator)
    await editEtape(actorOf(ctx), {
      commandeId: commande.id,
      etape,
      lockVersion: input.lock_version,
      responsableId: input.responsable_id ?? null,
      prevueDebut: input.prevue_debut || null,
      prevueFin: input.prevue_fin || null,
      notes: input.notes ?? null,
    })
    session.flash('success', 'Étape enregistrée.')
    return response.redirect().toRoute('esi.commandes.show', { id: commande.id })
  }

  async statut(ctx: HttpContext) {
    const { request, response, session, params, auth } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommande(params.id)
    const etape = etapeParam(params.etape)
    const input = await request.validateUsing(etapeStatutValidator)
    const row = await changeEtapeStatut(actorOf(ctx), {
      commandeId: commande.id,
      etape,
      lockVersion: input.lock_version,
      move: input.statut,
      motif: input.motif ?? null,
    })
    session.flash('success', etapeStatutMessage(etape, row.statut))
    return response.redirect().toRoute('esi.commandes.show', { id: commande.id })
  }

  async retractation(ctx: HttpContext) {
    const { request, response, session, params, auth } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommande(params.id)
    const input = await request.validateUsing(retractationValidator)
    const result = await retracterCommande(actorOf(ctx), {
      commandeId: commande.id,
      lockVersion: input.lock_version,
      recueLe: input.recue_le,
    })
    session.flash(
      'success',
      result.rembourse > 0
        ? `Rétractation enregistrée : commande annulée, acompte crédité (${result.notes.join(', ')}) et remboursement de ${formatEuros(result.rembourse)} enregistré.`
        : 'Rétractation enregistrée : commande annulée (aucun acompte payé à rembourser).'
    )
    return response.redirect().toRoute('esi.commandes.show', { id: commande.id })
  }

  async annuler(ctx: HttpContext) {
    const { request, response, session, params, auth } = ctx
    authorize(policy.update(auth.user ?? null))
    const commande = await findCommande(params.id)
    const input = await request.validateUsing(annulationValidator)
    await annulerCommande(actorOf(ctx), {
      commandeId: commande.id,
      lockVersion: input.lock_version,
      motif: input.motif,
    })
    session.flash('success', `Commande ${commande.numero} annulée.`)
    return response.redirect().toRoute('esi.commandes.show', { id: commande.id })
  }
}
