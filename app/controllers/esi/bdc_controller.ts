import type { HttpContext } from '@adonisjs/core/http'
import BdcPolicy from '#policies/bdc_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { listPage } from '#services/list/list_page'
import { filtersProp } from '#services/list/list_params'
import {
  annulerBdc,
  BDC_SORT_COLUMNS,
  parseBdcListParams,
  bdcDetail,
  bdcListItem,
  bdcListQuery,
  findBdc,
} from '#services/bdc/bdc_service'
import {
  decodeDrawnSignature,
  deleteSignature,
  SIGNATURE_MESSAGES,
  storeDrawnSignature,
  storedSignature,
  storeScan,
} from '#services/bdc/signature_storage'
import { signBdc } from '#services/commandes/sign_bdc'
import { bdcDocument } from '#services/pdf/index'
import { fieldError } from '#services/field_error'
import { FILE_MIME } from '#services/storage/files'
import { sendFile } from '#services/http/file_response'
import { annulerBdcValidator, signatureValidator } from '#validators/bdc'

const policy = new BdcPolicy()

/**
 * esi/bdc Index and Show (DESIGN.md §2, §3b): the bons de commande made by accepted devis, their
 * signature (drawn on screen or an uploaded signed scan) which creates the commande, and the
 * cancellation of one not signed yet. Routes in start/routes/bdc.ts (esi only).
 */
export default class BdcController {
  async index({ inertia, request }: HttpContext) {
    const params = parseBdcListParams(request.qs())
    const { list, warnings } = await listPage(params, {
      query: () => bdcListQuery(params),
      columns: BDC_SORT_COLUMNS,
      table: 'bdcs',
      map: bdcListItem,
    })
    return inertia.render('esi/bdc/Index', { bdcs: list, filters: filtersProp(params), warnings })
  }

  async show({ inertia, params, logger, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const bdc = await findBdc(params.id)
    // The document as the customer sees it (same data as the PDF); the page falls back to its
    // own table of the frozen lines if it cannot be built
    const document = await bdcDocument(bdc.id, { forBrowser: true }).catch((error) => {
      logger.error({ err: error, bdc: bdc.id }, 'bdc document not built')
      return null
    })
    return inertia.render('esi/bdc/Show', { bdc: await bdcDetail(bdc), document })
  }

  /** Records the signature and creates the commande (app/services/commandes/sign_bdc.ts). */
  async sign(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const bdc = await findBdc(params.id)
    const input = await request.validateUsing(signatureValidator)
    // The drawn signature is not kept in the flashed input of a refused form (it can weigh
    // hundreds of KB; the page still holds the drawing)
    const body = { ...request.body() }
    delete body.signature
    request.updateBody(body)

    let stored: { name: string; mime: string }
    if (input.mode === 'dessin') {
      if (!input.signature) fieldError('signature', SIGNATURE_MESSAGES.drawnMissing, 'required')
      const decoded = decodeDrawnSignature(input.signature)
      if ('error' in decoded) fieldError('signature', decoded.error, 'signature')
      stored = { name: await storeDrawnSignature(decoded.bytes), mime: FILE_MIME.png }
    } else {
      if (!input.fichier) fieldError('fichier', SIGNATURE_MESSAGES.scanMissing, 'required')
      const scan = await storeScan(input.fichier)
      if (!scan) fieldError('fichier', SIGNATURE_MESSAGES.scanMismatch, 'magicBytes')
      stored = { name: scan.name, mime: scan.mime }
    }

    try {
      const { commande } = await signBdc(actorOf(ctx), {
        bdcId: bdc.id,
        lockVersion: input.lock_version,
        signataire: input.signataire,
        lieu: input.lieu,
        signatureType: input.mode,
        signaturePath: stored.name,
        signatureMime: stored.mime,
        renonciation: input.lieu === 'domicile' && input.renonciation === true,
        userId: auth.getUserOrFail().id,
      })
      session.flash('success', `Bon de commande signé : commande ${commande.numero} créée.`)
    } catch (error) {
      // Nothing was signed: the file must not stay behind
      await deleteSignature(stored.name)
      throw error
    }
    return response.redirect().toRoute('esi.bdc.show', { id: bdc.id })
  }

  /** The stored signature, to esi only: never a public path, type chosen by the server. */
  async signature({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const bdc = await findBdc(params.id)
    const stored = storedSignature(bdc.signaturePath)
    await sendFile(response, stored, {
      filename: `signature-${bdc.numero}`,
      cacheControl: 'private, no-store',
    })
  }

  async annuler(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { request, response, session, auth, params } = ctx
    const bdc = await findBdc(params.id)
    const input = await request.validateUsing(annulerBdcValidator)
    await annulerBdc(actorOf(ctx), {
      bdcId: bdc.id,
      motif: input.motif,
      lockVersion: input.lock_version,
      userId: auth.getUserOrFail().id,
    })
    session.flash('success', `Bon de commande ${bdc.numero} annulé.`)
    return response.redirect().toRoute('esi.bdc.show', { id: bdc.id })
  }
}
