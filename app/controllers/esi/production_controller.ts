import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import CommandeFournisseurPolicy from '#policies/commande_fournisseur_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { limitAction } from '#services/throttle'
import { pdfHeaders } from '#services/pdf/index'
import { commandeFournisseurPdf } from '#services/pdf/commande_fournisseur_pdf'
import { productionList } from '#services/commandes_fournisseur/cf_queries'
import {
  findCfId,
  findCommandeId,
  productionDetail,
} from '#services/commandes_fournisseur/cf_detail'
import { parseStepFilters, stepFilterOptions } from '#services/commandes_fournisseur/cf_filters'
import {
  confirmCommandeFournisseur,
  sendBatch,
  sendCommandeFournisseur,
} from '#services/commandes_fournisseur/cf_envoi'
import {
  deleteBrouillon,
  prepareCommandesFournisseur,
  updateBrouillon,
} from '#services/commandes_fournisseur/cf_brouillon'
import {
  brouillonValidator,
  confirmationValidator,
  envoiGroupeValidator,
  lockVersionValidator,
} from '#validators/commandes_fournisseur'

const policy = new CommandeFournisseurPolicy()

/**
 * Approvisionnement (issue 12 §3, §6): the step list (what waits to be ordered, what is late),
 * a commande's supplier orders (prepare, edit a draft, send, confirm, PDF) and the bulk send.
 * esi only (start/routes/commandes_fournisseur.ts).
 */
export default class ProductionController {
  async index({ inertia, auth, request }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const { filters, warnings } = parseStepFilters(request.qs())
    return inertia.render('esi/production/Index', {
      ...(await productionList(filters)),
      filters,
      warnings,
      options: await stepFilterOptions(),
    })
  }

  async show({ inertia, auth, params }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commandeId = await findCommandeId(params.commandeId)
    return inertia.render('esi/production/Show', await productionDetail(commandeId))
  }

  /** « Préparer les commandes fournisseur »: refused with the gate's reason while closed. */
  async preparer(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, response, session } = ctx
    const commandeId = await findCommandeId(params.commandeId)
    const r = await prepareCommandesFournisseur(actorOf(ctx), commandeId)
    const parts: string[] = []
    if (r.lignes) {
      parts.push(
        `${r.lignes} ligne${r.lignes > 1 ? 's' : ''} préparée${r.lignes > 1 ? 's' : ''} pour ${r.fournisseurs} fournisseur${r.fournisseurs > 1 ? 's' : ''}`
      )
    } else {
      parts.push('Rien de nouveau à commander : les lignes mesurées sont déjà sur une commande')
    }
    if (r.sansFournisseur.length) {
      parts.push(
        `${r.sansFournisseur.length} ligne${r.sansFournisseur.length > 1 ? 's' : ''} sans fournisseur (non commandée${r.sansFournisseur.length > 1 ? 's' : ''})`
      )
    }
    session.flash(r.sansFournisseur.length ? 'warning' : 'success', `${parts.join(' ; ')}.`)
    return response.redirect().toRoute('esi.production.show', { commandeId })
  }

  async update(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, request, response, session } = ctx
    const cfId = await findCfId(params.id)
    const input = await request.validateUsing(brouillonValidator)
    await updateBrouillon(actorOf(ctx), cfId, {
      lockVersion: input.lock_version,
      remarques: input.remarques ?? null,
      lignes: input.lignes,
    })
    session.flash('success', 'Brouillon enregistré.')
    return response.redirect().back()
  }

  async destroy(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, request, response, session } = ctx
    const cfId = await findCfId(params.id)
    const { lock_version: lockVersion } = await request.validateUsing(lockVersionValidator)
    const cf = await deleteBrouillon(actorOf(ctx), cfId, lockVersion ?? -1)
    session.flash('success', 'Brouillon supprimé : ses lignes sont de nouveau à commander.')
    return response.redirect().toRoute('esi.production.show', { commandeId: cf.commande_id })
  }

  /** « Envoyer au fournisseur »: numbered now, mailed after the commit. */
  async envoyer(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, request, response, session, auth } = ctx
    const cfId = await findCfId(params.id)
    const user = auth.getUserOrFail()
    const { lock_version: lockVersion } = await request.validateUsing(lockVersionValidator)
    await limitAction(user.id, 'mail', `commande_fournisseur:${cfId}`)
    const r = await sendCommandeFournisseur(actorOf(ctx), user, cfId, lockVersion)
    if (r.delivery.sent === false) {
      session.flash(
        'warning',
        `Commande ${r.numero} enregistrée comme envoyée, mais l’e-mail à ${r.email} n’a pas pu partir : téléchargez le PDF et envoyez-le vous-même.`
      )
    } else {
      session.flash('success', `Commande ${r.numero} envoyée à ${r.email}.`)
    }
    return response.redirect().back()
  }

  /** The bulk action of the list: the ticked drafts, each on its own. */
  async envoyerGroupe(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth } = ctx
    const user = auth.getUserOrFail()
    const { ids } = await request.validateUsing(envoiGroupeValidator)
    await limitAction(user.id, 'mail', 'commandes_fournisseur:groupe')
    const { envoyees, echecs } = await sendBatch(actorOf(ctx), user, ids)
    const parts: string[] = []
    if (envoyees.length) {
      parts.push(
        `${envoyees.length} commande${envoyees.length > 1 ? 's' : ''} envoyée${envoyees.length > 1 ? 's' : ''} (${envoyees.map((e) => e.numero).join(', ')})`
      )
    }
    const mailKo = envoyees.filter((e) => e.mail === false)
    if (mailKo.length) {
      parts.push(`e-mail non parti pour ${mailKo.map((e) => e.numero).join(', ')} : envoyez le PDF`)
    }
    if (echecs.length) {
      parts.push(
        `${echecs.length} refusée${echecs.length > 1 ? 's' : ''} : ${echecs.map((e) => `#${e.id} — ${e.message}`).join(' ; ')}`
      )
    }
    session.flash(echecs.length || mailKo.length ? 'warning' : 'success', `${parts.join('. ')}.`)
    return response.redirect().toRoute('esi.production.index')
  }

  async confirmer(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, request, response, session } = ctx
    const cfId = await findCfId(params.id)
    const input = await request.validateUsing(confirmationValidator)
    const date = DateTime.fromJSDate(input.date_livraison_confirmee).toISODate()!
    await confirmCommandeFournisseur(actorOf(ctx), cfId, {
      lockVersion: input.lock_version,
      dateLivraison: date,
    })
    session.flash(
      'success',
      `Livraison confirmée pour le ${DateTime.fromISO(date).toFormat('dd/LL/yyyy')}.`
    )
    return response.redirect().back()
  }

  async pdf({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const cfId = await findCfId(params.id)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await commandeFournisseurPdf(cfId)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }
}
