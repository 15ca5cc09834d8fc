import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { findCommande } from '#services/commandes/commande_service'
import {
  createIntermediaire,
  createIntermediaireLignes,
  createSolde,
} from '#services/factures/commande_factures'
import { intermediaireValidator } from '#validators/factures'
import { soldeValidator } from '#validators/commande_etapes'
import CommandePolicy from '#policies/commande_policy'

const policy = new FacturePolicy()
const commandePolicy = new CommandePolicy()

/**
 * The commande page's « Facturation » actions (issue 11 §1): a facture intermédiaire (a % of
 * the commande, or chosen lines and quantities of its bdc) and the facture de solde, each a
 * draft shown next on its own page.
 */
export default class CommandeFacturesController {
  async storeIntermediaire(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const commande = await findCommande(params.id)
    const input = await request.validateUsing(intermediaireValidator)
    const common = {
      commandeId: commande.id,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
    }
    const facture = input.lignes
      ? await createIntermediaireLignes(actorOf(ctx), {
          ...common,
          lignes: input.lignes.map((l) => ({ bdcLigneId: l.bdc_ligne_id, quantite: l.quantite })),
        })
      : await createIntermediaire(actorOf(ctx), { ...common, pct: input.pct ?? '' })
    session.flash(
      'success',
      'Brouillon de la facture intermédiaire créé : vérifiez-le puis émettez-le.'
    )
    return response.redirect().toRoute('esi.factures.show', { id: facture.id })
  }

  async storeSolde(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const commande = await findCommande(params.id)
    const input = await request.validateUsing(soldeValidator)
    // Issue 12: passing the réception gate with a motif is for an admin (decision 304)
    const motif = input.motif_forcage?.trim() || null
    if (motif) {
      authorize(
        commandePolicy.forceSolde(auth.user ?? null),
        'Seul un administrateur peut émettre la facture de solde avant la réception.'
      )
    }
    const facture = await createSolde(actorOf(ctx), {
      commandeId: commande.id,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
      forcage: motif ? { motif } : null,
    })
    session.flash('success', 'Brouillon de la facture de solde créé : vérifiez-le puis émettez-le.')
    return response.redirect().toRoute('esi.factures.show', { id: facture.id })
  }
}
