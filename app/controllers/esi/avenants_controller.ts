import type { HttpContext } from '@adonisjs/core/http'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import {
  accepterEcarts,
  annulerAvenant,
  changeAvenantStatut,
} from '#services/avenants/avenant_service'
import { findCommandeForAvenant } from '#services/avenants/avenant_queries'
import { prepareAvenant, saveAvenant } from '#services/avenants/avenant_brouillon'
import { signAvenant } from '#services/avenants/avenant_signature'
import { avenantPageProps } from '#services/avenants/avenant_page'
import {
  decodeDrawnSignature,
  deleteSignature,
  storeDrawnSignature,
} from '#services/bdc/signature_storage'
import { fieldError } from '#services/field_error'
import { FILE_MIME } from '#services/storage/files'
import { limitAction } from '#services/throttle'
import { formatEuros } from '#shared/totals'
import Avenant from '#models/avenant'
import Commande from '#models/commande'
import {
  accepterEcartsValidator,
  annulerAvenantValidator,
  saveAvenantMessages,
  saveAvenantValidator,
  signAvenantValidator,
  toAvenantLignes,
  versionValidator,
} from '#validators/avenant'

const policy = new CommandePolicy()

/** The avenant of the URL and its commande: anything else is a 404. */
async function avenantOf(raw: unknown): Promise<{ avenant: Avenant; commande: Commande }> {
  const id = parseId(raw)
  const avenant = id ? await Avenant.find(id) : null
  if (!avenant) throw new NotFoundException()
  return { avenant, commande: await Commande.findOrFail(avenant.commandeId) }
}

/**
 * esi/commande/Avenant (issue 12 §2): thin actions over app/services/avenants/
 * (rules, locks, history, audit). Routes in start/routes/avenants.ts (esi only).
 */
export default class AvenantsController {
  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommandeForAvenant(params.id)
    return inertia.render('esi/commande/Avenant', await avenantPageProps(commande))
  }

  /** « Préparer l'avenant ». */
  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const commande = await findCommandeForAvenant(ctx.params.id)
    const avenant = await prepareAvenant(actorOf(ctx), {
      commandeId: commande.id,
      userId: ctx.auth.getUserOrFail().id,
    })
    ctx.session.flash('success', `Avenant ${avenant.numero} préparé : ajustez les lignes.`)
    return ctx.response.redirect().toRoute('esi.avenants.show', { id: commande.id })
  }

  async update(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { avenant, commande } = await avenantOf(ctx.params.id)
    const data = await ctx.request.validateUsing(saveAvenantValidator, {
      messagesProvider: saveAvenantMessages(),
    })
    const lignes = await toAvenantLignes(data)
    const saved = await saveAvenant(actorOf(ctx), {
      commandeId: commande.id,
      avenantId: avenant.id,
      lockVersion: data.lock_version,
      motif: data.motif ?? '',
      remiseGlobalePct: data.remise_globale_pct ?? '0',
      lignes,
      userId: ctx.auth.getUserOrFail().id,
    })
    ctx.session.flash(
      'success',
      `Avenant enregistré : nouveau total ${formatEuros(saved.totalTtc)} TTC.`
    )
    return ctx.response.redirect().toRoute('esi.avenants.show', { id: commande.id })
  }

  async presenter(ctx: HttpContext) {
    return this.transition(ctx, 'presenter')
  }

  async reprendre(ctx: HttpContext) {
    return this.transition(ctx, 'reprendre')
  }

  private async transition(ctx: HttpContext, transition: 'presenter' | 'reprendre') {
    authorize(policy.update(ctx.auth.user ?? null))
    const { avenant, commande } = await avenantOf(ctx.params.id)
    const { lock_version: lockVersion } = await ctx.request.validateUsing(versionValidator)
    await changeAvenantStatut(actorOf(ctx), {
      commandeId: commande.id,
      avenantId: avenant.id,
      lockVersion,
      transition,
      userId: ctx.auth.getUserOrFail().id,
    })
    ctx.session.flash(
      'success',
      transition === 'presenter'
        ? `Avenant ${avenant.numero} prêt à signer : tendez l’appareil au client.`
        : `Avenant ${avenant.numero} repris en brouillon.`
    )
    return ctx.response.redirect().toRoute('esi.avenants.show', { id: commande.id })
  }

  /** The customer's signature drawn on the device. */
  async sign(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const { avenant, commande } = await avenantOf(params.id)
    const input = await request.validateUsing(signAvenantValidator)
    // The drawing is not kept in the flashed input of a refused form (it can weigh hundreds of KB)
    const body = { ...request.body() }
    delete body.signature
    request.updateBody(body)
    const decoded = decodeDrawnSignature(input.signature)
    if ('error' in decoded) fieldError('signature', decoded.error, 'signature')
    const name = await storeDrawnSignature(decoded.bytes)
    try {
      const result = await signAvenant(actorOf(ctx), {
        commandeId: commande.id,
        avenantId: avenant.id,
        lockVersion: input.lock_version,
        signataire: input.signataire,
        signaturePath: name,
        signatureMime: FILE_MIME.png,
        userId: auth.getUserOrFail().id,
      })
      const suite = result.demande
        ? ` Demande de paiement ${result.demande.numero} de ${formatEuros(result.demande.montant)} créée.`
        : result.sansDemande
          ? ` Pas de demande de paiement de l’acompte complémentaire : ${result.sansDemande}`
          : ''
      session.flash('success', `Avenant ${avenant.numero} signé : le mesurage est terminé.${suite}`)
    } catch (error) {
      await deleteSignature(name)
      throw error
    }
    return response.redirect().toRoute('esi.avenants.show', { id: commande.id })
  }

  async annuler(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { avenant, commande } = await avenantOf(ctx.params.id)
    const input = await ctx.request.validateUsing(annulerAvenantValidator)
    await annulerAvenant(actorOf(ctx), {
      commandeId: commande.id,
      avenantId: avenant.id,
      lockVersion: input.lock_version,
      motif: input.motif,
      userId: ctx.auth.getUserOrFail().id,
    })
    ctx.session.flash('success', `Avenant ${avenant.numero} annulé.`)
    return ctx.response.redirect().toRoute('esi.avenants.show', { id: commande.id })
  }

  /** « Accepter les écarts sans avenant » (motif required). */
  async accepter(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const commande = await findCommandeForAvenant(ctx.params.id)
    const input = await ctx.request.validateUsing(accepterEcartsValidator)
    await accepterEcarts(actorOf(ctx), {
      commandeId: commande.id,
      motif: input.motif,
      userId: ctx.auth.getUserOrFail().id,
    })
    ctx.session.flash('success', 'Écarts acceptés sans avenant : le mesurage est terminé.')
    return ctx.response.redirect().toRoute('esi.avenants.show', { id: commande.id })
  }

  async pdf({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const { avenant } = await avenantOf(params.id)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { avenantPdf } = await import('#services/pdf/avenant_loader')
    const { filename, content } = await avenantPdf(avenant.id)
    response.header('Content-Type', 'application/pdf')
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Cache-Control', 'private, no-store')
    response.header(
      'Content-Disposition',
      `inline; filename="${filename.replace(/["\\\r\n]/g, '')}"`
    )
    return response.send(content)
  }
}
