import type { HttpContext } from '@adonisjs/core/http'
import Facture from '#models/facture'
import { FACTURE_LINK_PURPOSE, publicFacture } from '#services/factures/facture_link'
import { companySociete } from '#services/company'
import { readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'

export const INVALID_FACTURE_LINK =
  'Ce lien vers votre facture a expiré ou n’est pas valide. Contactez-nous pour en recevoir un nouveau.'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/

/**
 * The customer's page of an issued facture (decision 234), like the demande de paiement's: the
 * link's signature is the guard (its expiry inside); a wrong, altered, expired or unknown link,
 * or one to a draft, answers the same 403 page naming nothing. Never indexed nor cached.
 */
export default class PublicFactureController {
  async show({ request, params, inertia, response }: HttpContext) {
    response.header('Referrer-Policy', 'no-referrer')
    response.header('X-Robots-Tag', 'noindex, nofollow')
    response.header('Cache-Control', 'private, no-store')
    const publicId = String(params.publicId ?? '').toLowerCase()
    const facture =
      request.hasValidSignature(FACTURE_LINK_PURPOSE) && UUID.test(publicId)
        ? await Facture.findBy('public_id', publicId)
        : null
    const data = facture ? await publicFacture(facture) : null
    if (!facture || !data) {
      response.status(403)
      return inertia.render('Public/Facture', {
        facture: null,
        societe: null,
        message: INVALID_FACTURE_LINK,
      })
    }
    const emetteur = readSnapshot<PartiesSnapshot>(facture.partiesSnapshot)!.emetteur
    const societe = await companySociete()
    return inertia.render('Public/Facture', {
      facture: data,
      societe: {
        nom: emetteur.nom,
        email: emetteur.email ?? societe?.email ?? null,
        telephone: emetteur.telephone ?? societe?.telephone ?? null,
      },
      message: null,
    })
  }
}
