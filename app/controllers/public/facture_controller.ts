import type { HttpContext } from '@adonisjs/core/http'
import Facture from '#models/facture'
import {
  FACTURE_LINK_PURPOSE,
  facturePdfLinkUrl,
  publicFacture,
} from '#services/factures/facture_link'
import { factureClientPdf } from '#services/factures/facture_facturx'
import { pdfHeaders } from '#services/pdf/index'
import { refusedPublicPdf } from '#services/http/public_pdf_limit'
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
    const facture = await signedFacture(request, params, response)
    const data = facture ? await publicFacture(facture) : null
    if (!facture || !data) {
      response.status(403)
      return inertia.render('Public/Facture', {
        facture: null,
        pdf_url: null,
        societe: null,
        message: INVALID_FACTURE_LINK,
      })
    }
    const emetteur = readSnapshot<PartiesSnapshot>(facture.partiesSnapshot)!.emetteur
    const societe = await companySociete()
    return inertia.render('Public/Facture', {
      facture: data,
      pdf_url: facturePdfLinkUrl(facture),
      societe: {
        nom: emetteur.nom,
        email: emetteur.email ?? societe?.email ?? null,
        telephone: emetteur.telephone ?? societe?.telephone ?? null,
      },
      message: null,
    })
  }

  /**
   * « Télécharger le PDF » of the page: the PDF as the client gets it by mail (a Factur-X for a
   * French client, decision 266), behind the same signature; a bad link answers 403.
   */
  async pdf({ request, params, response }: HttpContext) {
    if (await refusedPublicPdf({ request, response })) return
    const facture = await signedFacture(request, params, response)
    if (!facture?.numero) {
      response.status(403)
      return response.send(INVALID_FACTURE_LINK)
    }
    const { filename, content } = await factureClientPdf(facture.id)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }
}

/** The facture behind a valid signed link (never indexed, cached nor referred), else null. */
async function signedFacture(
  request: HttpContext['request'],
  params: HttpContext['params'],
  response: HttpContext['response']
) {
  response.header('Referrer-Policy', 'no-referrer')
  response.header('X-Robots-Tag', 'noindex, nofollow')
  response.header('Cache-Control', 'private, no-store')
  const publicId = String(params.publicId ?? '').toLowerCase()
  return request.hasValidSignature(FACTURE_LINK_PURPOSE) && UUID.test(publicId)
    ? Facture.findBy('public_id', publicId)
    : null
}
