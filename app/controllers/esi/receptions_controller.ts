import type { HttpContext } from '@adonisjs/core/http'
import db from '@adonisjs/lucid/services/db'
import CommandePolicy from '#policies/commande_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { findCommande } from '#services/commandes/commande_service'
import { parseId } from '#services/route_params'
import { fieldError } from '#services/field_error'
import { sendFile } from '#services/http/file_response'
import { NotFoundException } from '#exceptions/http_exceptions'
import {
  decodeDrawnSignature,
  deleteSignature,
  storeDrawnSignature,
} from '#services/bdc/signature_storage'
import {
  activeReception,
  poseCommande,
  poseEtape,
  poseLignes,
  posePhotos,
  receptionPdfFile,
  receptionView,
} from '#services/receptions/reception_queries'
import { attachReservePhoto, leverReserve } from '#services/receptions/reception_reserves'
import { commencerPose, signerReception } from '#services/receptions/reception_service'
import {
  leverReserveValidator,
  reservePhotoValidator,
  signerReceptionValidator,
} from '#validators/reception'
import { RECEPTION_MESSAGES } from '#shared/receptions'
import { todayIso } from '#shared/dates'

const policy = new CommandePolicy()

/**
 * Issue 12 §5 — the technician's view of the pose on a phone (esi/commande/Pose) and the
 * procès-verbal de réception signed on the device (esi/commande/Reception). Thin: validate,
 * authorize, call app/services/receptions/reception_service.ts, render. Routes in
 * start/routes/receptions.ts (esi only).
 */
export default class ReceptionsController {
  async pose({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommande(params.id)
    const client = db.connection()
    const mesure = await client.from('mesures').where('commande_id', commande.id).first()
    return inertia.render('esi/commande/Pose', {
      commande: await poseCommande(commande),
      etape: await poseEtape(client, commande.id),
      lignes: await poseLignes(client, commande.id),
      mesure: mesure ? { statut: mesure.statut as string } : null,
      photos: await posePhotos(client, commande.id),
      reception: await receptionView(await activeReception(client, commande.id)),
    })
  }

  /** « Commencer la pose »: 422 with the gate's reason while goods are missing. */
  async commencer(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const commande = await findCommande(ctx.params.id)
    const result = await commencerPose(actorOf(ctx), commande.id)
    ctx.session.flash(
      'success',
      result === 'started' ? 'Pose commencée.' : 'La pose est déjà en cours.'
    )
    return ctx.response.redirect().toRoute('esi.commandes.pose', { id: commande.id })
  }

  async show({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const user = auth.getUserOrFail()
    const commande = await findCommande(params.id)
    const client = db.connection()
    const header = await poseCommande(commande)
    const localite = header.adresse.texte
      ?.split(',')
      .at(-1)
      ?.replace(/^\s*\d{4,5}\s+/, '')
      .trim()
    return inertia.render('esi/commande/Reception', {
      commande: header,
      etape: await poseEtape(client, commande.id),
      lignes: await poseLignes(client, commande.id),
      reception: await receptionView(await activeReception(client, commande.id)),
      defaults: {
        date: todayIso(),
        technicien: user.name,
        lieu: localite ?? '',
        signataire: commande.clientNom,
      },
    })
  }

  /** Signs the PV: gate, signature, PDF, step; French messages next to the fields. */
  async store(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, params } = ctx
    const commande = await findCommande(params.id)
    const input = await request.validateUsing(signerReceptionValidator)
    // The drawn signature is not kept in the flashed input of a refused form
    const body = { ...request.body() }
    delete body.signature
    request.updateBody(body)

    const reserves = input.reserves ?? []
    if (input.reception === 'avec_reserves' && !reserves.length)
      fieldError('reserves', RECEPTION_MESSAGES.reservesMissing, 'required')
    if (input.reception === 'sans_reserve' && reserves.length)
      fieldError(
        'reception',
        'Des réserves sont listées : choisissez « avec réserves » ou retirez-les.',
        'reserves'
      )
    if (!input.signature) fieldError('signature', RECEPTION_MESSAGES.signatureMissing, 'required')
    const decoded = decodeDrawnSignature(input.signature)
    if ('error' in decoded) fieldError('signature', decoded.error, 'signature')
    const signaturePath = await storeDrawnSignature(decoded.bytes)
    try {
      await signerReception(actorOf(ctx), {
        commandeId: commande.id,
        signataire: input.signataire,
        lieu: input.lieu ?? null,
        observations: input.observations ?? null,
        reserves,
        signaturePath,
        signature: decoded.bytes,
      })
    } catch (error) {
      // Nothing was signed: the file must not stay behind
      await deleteSignature(signaturePath)
      throw error
    }
    session.flash(
      'success',
      reserves.length
        ? 'Procès-verbal signé avec réserves : la pose reste en cours jusqu’à leur levée.'
        : 'Procès-verbal signé sans réserve : la pose est faite.'
    )
    return response.redirect().toRoute('esi.commandes.reception', { id: commande.id })
  }

  async lever(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, params } = ctx
    const commande = await findCommande(params.id)
    const reserveId = parseId(params.reserve)
    if (!reserveId) throw new NotFoundException()
    const input = await request.validateUsing(leverReserveValidator)
    const { restantes } = await leverReserve(actorOf(ctx), {
      commandeId: commande.id,
      reserveId,
      commentaire: input.commentaire ?? null,
    })
    session.flash(
      'success',
      restantes
        ? `Réserve levée (${restantes} encore ouverte${restantes > 1 ? 's' : ''}).`
        : 'Dernière réserve levée : la pose est faite.'
    )
    return response.redirect().toRoute('esi.commandes.reception', { id: commande.id })
  }

  /** Links a pose photo (already uploaded) to a reserve. */
  async photo(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, params } = ctx
    const commande = await findCommande(params.id)
    const reserveId = parseId(params.reserve)
    if (!reserveId) throw new NotFoundException()
    const input = await request.validateUsing(reservePhotoValidator)
    await attachReservePhoto(actorOf(ctx), {
      commandeId: commande.id,
      reserveId,
      fichierId: input.fichier_id,
    })
    session.flash('success', 'Photo jointe à la réserve.')
    return response.redirect().toRoute('esi.commandes.reception', { id: commande.id })
  }

  /** The signed PV's PDF, to esi only (private, not cached). */
  async pdf({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const commande = await findCommande(params.id)
    const file = await receptionPdfFile(commande.id)
    if (!file) throw new NotFoundException()
    await sendFile(response, file, {
      filename: `PV-reception-${commande.numero}`,
      cacheControl: 'private, no-store',
    })
  }
}
