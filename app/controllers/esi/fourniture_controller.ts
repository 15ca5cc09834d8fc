import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import CommandeFournisseurPolicy from '#policies/commande_fournisseur_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { fournitureList } from '#services/commandes_fournisseur/cf_queries'
import {
  findCfId,
  findCommandeId,
  fournitureDetail,
} from '#services/commandes_fournisseur/cf_detail'
import { parseStepFilters, stepFilterOptions } from '#services/commandes_fournisseur/cf_filters'
import { receiveLivraison } from '#services/commandes_fournisseur/cf_reception'
import { receptionValidator } from '#validators/commandes_fournisseur'

const policy = new CommandeFournisseurPolicy()

/**
 * Fourniture (issue 12 §4, §6): what is expected (late first, per supplier) and a commande's
 * receiving page (per line, on a phone). esi only (start/routes/commandes_fournisseur.ts).
 */
export default class FournitureController {
  async index({ inertia, auth, request }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const { filters, warnings } = parseStepFilters(request.qs())
    return inertia.render('esi/fourniture/Index', {
      ...(await fournitureList(filters)),
      filters,
      warnings,
      options: await stepFilterOptions(),
    })
  }

  async show({ inertia, auth, params }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commandeId = await findCommandeId(params.commandeId)
    return inertia.render('esi/fourniture/Show', await fournitureDetail(commandeId))
  }

  /** One delivery of one supplier order. */
  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, request, response, session } = ctx
    const cfId = await findCfId(params.id)
    const input = await request.validateUsing(receptionValidator)
    const r = await receiveLivraison(actorOf(ctx), cfId, {
      date: DateTime.fromJSDate(input.date_livraison).toISODate()!,
      bonLivraison: input.bon_livraison || null,
      remarques: input.remarques || null,
      lignes: input.lignes.map((l) => ({
        ligne_id: l.ligne_id,
        quantite: l.quantite,
        etat: l.etat,
        remarque: l.remarque || null,
        fichier_id: l.fichier_id ?? null,
      })),
    })
    const problemes = input.lignes.filter((l) => l.etat !== 'ok').length
    const message =
      r.statut === 'recue'
        ? 'Livraison enregistrée : la commande fournisseur est entièrement reçue.'
        : 'Livraison enregistrée : la commande fournisseur est reçue en partie.'
    session.flash(
      problemes ? 'warning' : 'success',
      problemes
        ? `${message} ${problemes} ligne${problemes > 1 ? 's' : ''} endommagée${problemes > 1 ? 's' : ''} ou manquante${problemes > 1 ? 's' : ''} : toujours attendue${problemes > 1 ? 's' : ''}.`
        : r.fournitureFaite
          ? `${message} Toute la marchandise est là : la pose peut être planifiée.`
          : message
    )
    return response.redirect().back()
  }
}
