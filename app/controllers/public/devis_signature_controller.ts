import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import Devis from '#models/devis'
import { actorOf } from '#services/actor'
import { fieldError } from '#services/field_error'
import { takeTry } from '#services/throttle'
import { refusedPublicPdf } from '#services/http/public_pdf_limit'
import { paymentLinkUrl } from '#services/paiement/payment_link'
import { devisPdf, devisRevisionPdf, pdfHeaders } from '#services/pdf/index'
import {
  decodeDrawnSignature,
  deleteSignature,
  storeDrawnSignature,
} from '#services/bdc/signature_storage'
import { DEVIS_LINK_PURPOSE, devisLinkUrl } from '#services/signature_en_ligne/devis_link'
import { devisSignaturePage } from '#services/signature_en_ligne/page'
import {
  accepterEnLigne,
  demandeAcompte,
  refuserEnLigne,
} from '#services/signature_en_ligne/acceptation'
import { accepterDevisValidator, refuserDevisValidator } from '#validators/devis_signature'
import { SIGNATURE_EN_LIGNE_MESSAGES as M, mentionValide } from '#shared/signature_en_ligne'

export const INVALID_DEVIS_LINK =
  'Ce lien vers votre devis a expiré ou n’est pas valide. Contactez-nous pour en recevoir un nouveau.'
export const TOO_MANY_DEVIS_REQUESTS =
  'Trop de demandes en peu de temps depuis votre connexion. Réessayez dans une minute.'

/** Pages and PDFs: 300 a minute per address; answers (accept, refuse): 10 a minute per link. */
export const DEVIS_PAGE_LIMIT = { requests: 300, duration: '1 min' } as const
export const DEVIS_ANSWER_LIMIT = { requests: 10, duration: '1 min' } as const

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

type Linked = { devis: Devis; version: number }

/**
 * The devis behind a valid signed link (its expiry inside), else null. Never indexed nor cached;
 * the Referer stays on our own site (the page's forms come back to it; decision 490).
 */
async function signedDevis({ request, params, response }: HttpContext): Promise<Linked | null> {
  response.header('Referrer-Policy', 'same-origin')
  response.header('X-Robots-Tag', 'noindex, nofollow')
  response.header('Cache-Control', 'private, no-store')
  const publicId = String(params.publicId ?? '').toLowerCase()
  const version = Number(params.version)
  if (!request.hasValidSignature(DEVIS_LINK_PURPOSE) || !UUID.test(publicId)) return null
  if (!Number.isInteger(version) || version < 1 || version > 10_000) return null
  const devis = await Devis.findBy('public_id', publicId)
  return devis ? { devis, version } : null
}

/** The neutral page of a bad link or of too many requests: it names nothing. */
function neutral({ inertia, response }: HttpContext, status: number, message: string) {
  response.status(status)
  return inertia.render('Public/DevisSignature', { page: null, message })
}

async function throttled(ctx: HttpContext, answer: boolean, publicId?: string) {
  const wait = answer
    ? await takeTry(limiter.use({ ...DEVIS_ANSWER_LIMIT }), `devis_answer:${publicId}`)
    : await takeTry(limiter.use({ ...DEVIS_PAGE_LIMIT }), `devis_page_ip:${ctx.request.ip()}`)
  if (wait > 0) ctx.response.header('Retry-After', String(wait))
  return wait > 0
}

function showPath(linked: Linked) {
  const url = new URL(devisLinkUrl(linked.devis, { version: linked.version }))
  return url.pathname + url.search
}

/**
 * The customer's page of a devis (issue 14 §1): no account, the link's signature is the guard;
 * a wrong, altered, expired or unknown link answers the same 403 page, which names nothing.
 */
export default class PublicDevisSignatureController {
  async show(ctx: HttpContext) {
    if (await throttled(ctx, false)) return neutral(ctx, 429, TOO_MANY_DEVIS_REQUESTS)
    const linked = await signedDevis(ctx)
    const page = linked ? await devisSignaturePage(linked.devis, linked.version) : null
    if (!page) return neutral(ctx, 403, INVALID_DEVIS_LINK)
    return ctx.inertia.render('Public/DevisSignature', { page, message: null })
  }

  /** « Télécharger le PDF » of a version (the current one, or one it replaced). */
  async pdf(ctx: HttpContext) {
    const { response } = ctx
    if (await throttled(ctx, false)) return response.status(429).send(TOO_MANY_DEVIS_REQUESTS)
    if (await refusedPublicPdf(ctx)) return
    const linked = await signedDevis(ctx)
    const { devis, version } = linked ?? {}
    const current = devis && version === devis.revision && devis.statut !== 'brouillon'
    const older = devis && version && version < devis.revision
    if (!devis || !version || (!current && !older)) {
      response.status(403)
      return response.type('text/plain; charset=utf-8').send(INVALID_DEVIS_LINK)
    }
    const { filename, content } = current
      ? await devisPdf(devis.id)
      : await devisRevisionPdf(devis.id, version)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  /** « Accepter et signer »: the bdc signed at a distance, then the acompte's payment page. */
  async accepter(ctx: HttpContext) {
    const { request, response, session } = ctx
    const linked = await signedDevis(ctx)
    if (!linked) return neutral(ctx, 403, INVALID_DEVIS_LINK)
    if (await throttled(ctx, true, linked.devis.publicId))
      return neutral(ctx, 429, TOO_MANY_DEVIS_REQUESTS)
    // The body only: the query string holds the link's own `signature` (decision 490)
    const input = await request.validateUsing(accepterDevisValidator, { data: request.body() })
    // The drawing is not flashed back with a refused form (the page still holds it)
    const body = { ...request.body() }
    delete body.signature
    request.updateBody(body)
    if (!mentionValide(input.mention)) fieldError('mention', M.mention)
    const decoded = decodeDrawnSignature(input.signature)
    if ('error' in decoded) fieldError('signature', decoded.error, 'signature')
    const stored = await storeDrawnSignature(decoded.bytes)

    let result
    try {
      result = await accepterEnLigne(actorOf(ctx), {
        devisId: linked.devis.id,
        version: linked.version,
        lockVersion: input.lock_version,
        retenues: [...new Set(input.retenues ?? [])],
        signataire: input.signataire,
        mention: input.mention,
        consentement: true,
        signaturePath: stored,
        ip: request.ip(),
        userAgent: request.header('user-agent') ?? null,
      })
    } catch (error) {
      // Nothing was signed: the drawing must not stay behind
      await deleteSignature(stored)
      throw error
    }
    const demande = await demandeAcompte(actorOf(ctx), result.bdc)
    session.flash(
      'success',
      `Merci ! Votre commande est confirmée (bon de commande ${result.bdc.numero}).`
    )
    if (demande) {
      const url = new URL(paymentLinkUrl(demande))
      return response.redirect(url.pathname + url.search)
    }
    return response.redirect(showPath(linked))
  }

  /** « Refuser le devis » with a reason: the devis is refusé, the commercial told. */
  async refuser(ctx: HttpContext) {
    const { request, response, session } = ctx
    const linked = await signedDevis(ctx)
    if (!linked) return neutral(ctx, 403, INVALID_DEVIS_LINK)
    if (await throttled(ctx, true, linked.devis.publicId))
      return neutral(ctx, 429, TOO_MANY_DEVIS_REQUESTS)
    const input = await request.validateUsing(refuserDevisValidator, { data: request.body() })
    await refuserEnLigne(actorOf(ctx), {
      devisId: linked.devis.id,
      version: linked.version,
      lockVersion: input.lock_version,
      motif: input.motif,
    })
    session.flash('success', 'Votre réponse est enregistrée : nous vous remercions.')
    return response.redirect(showPath(linked))
  }
}
