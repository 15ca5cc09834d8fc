import type { HttpContext } from '@adonisjs/core/http'
import DemandePaiement from '#models/demande_paiement'
import type Societe from '#models/societe'
import { isLinkExpired, PAYMENT_LINK_PURPOSE } from '#services/paiement/payment_link'
import { storedLogo } from '#services/logo_storage'
import { readBytes } from '#services/storage/files'
import { companySociete } from '#services/company'
import DemandePaiementTransformer from '#transformers/sales/demande_paiement_transformer'

export const INVALID_PAYMENT_LINK =
  'Ce lien de paiement a expiré ou n’est pas valide. Contactez-nous pour en recevoir un nouveau.'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/** The company's logo inlined (the customer has no session to load /app/company/:id/logo). */
export async function logoDataUrl(societe: Societe | null): Promise<string | null> {
  const stored = storedLogo(societe?.logoPath ?? null)
  const bytes = await readBytes(stored)
  if (!stored || !bytes || bytes.length > 1024 * 1024) return null
  return `data:${stored.mime};base64,${bytes.toString('base64')}`
}

/**
 * The customer's payment page (no account): the signature of the link is the guard, and the
 * demande's own expiry is checked too. A wrong, altered, expired or unknown link answers the
 * same 403 page, which names nothing (no data leak). Never indexed, never sent as Referer.
 */
export default class PublicDemandePaiementController {
  async show({ request, params, inertia, response }: HttpContext) {
    response.header('Referrer-Policy', 'no-referrer')
    response.header('X-Robots-Tag', 'noindex, nofollow')
    response.header('Cache-Control', 'private, no-store')
    const publicId = String(params.publicId ?? '').toLowerCase()
    const demande =
      request.hasValidSignature(PAYMENT_LINK_PURPOSE) && UUID.test(publicId)
        ? await DemandePaiement.findBy('public_id', publicId)
        : null
    if (!demande || isLinkExpired(demande)) {
      response.status(403)
      return inertia.render('Public/DemandePaiement', {
        paiement: null,
        societe: null,
        message: INVALID_PAYMENT_LINK,
      })
    }
    const societe = await companySociete()
    return inertia.render('Public/DemandePaiement', {
      paiement: await new DemandePaiementTransformer(demande).forPublic(),
      societe: {
        nom: demande.beneficiaire,
        email: societe?.email ?? null,
        telephone: societe?.telephone ?? null,
        logo: await logoDataUrl(societe),
      },
      message: null,
    })
  }
}
