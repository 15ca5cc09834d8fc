import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { findFacture } from '#services/factures/facture_service'
import { facturePdf, pdfHeaders } from '#services/pdf/index'
import { factureClientPdf, factureFacturxPdf, pdfFormat } from '#services/factures/facture_facturx'
import { limitAction } from '#services/throttle'
import { actorOf } from '#services/actor'
import { factureUbl, ublHeaders } from '#services/factures/facture_ubl'
import { sendFactureMail } from '#services/factures/facture_mail'
import { sendFactureViaPeppol } from '#services/compta/peppol/peppol_send'

const policy = new FacturePolicy()

/**
 * A facture as PDF (app/services/pdf/facture_loader.ts), as Peppol UBL, and mailed with them;
 * esi only, never cached, within the user's and the document's limits.
 */
export default class FacturePdfController {
  /**
   * The PDF as the client gets it (a Factur-X for a French client, decision 266);
   * `?format=facturx` the Factur-X of any issued facture, `?format=pdf` the plain PDF.
   */
  async show({ params, request, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const facture = await findFacture(params.id)
    const format = pdfFormat(request.qs().format)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } =
      format === 'facturx'
        ? await factureFacturxPdf(facture.id)
        : format === 'pdf'
          ? await facturePdf(facture.id)
          : await factureClientPdf(facture.id)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  /** « UBL »: the checked Peppol file of an issued facture to a professional client. */
  async ubl({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const facture = await findFacture(params.id)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await factureUbl(facture.id)
    for (const [name, value] of Object.entries(ublHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  /** « Envoyer par e-mail »: the Texte, the PDF (Factur-X for a French client) and the UBL. */
  async envoyer(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, response, session, auth } = ctx
    const facture = await findFacture(params.id)
    const user = auth.getUserOrFail()
    await limitAction(user.id, 'mail', `facture:${facture.id}`)
    const sent = await sendFactureMail(actorOf(ctx), facture.id, user)
    session.flash(
      'success',
      `Facture ${facture.numero} envoyée à ${sent.email} (${sent.attachments.join(', ')}).`
    )
    return response.redirect().toRoute('esi.factures.show', { id: facture.id })
  }

  /** « Envoyer via Peppol »: the same UBL to the configured access point, once (decision 279). */
  async peppol(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const { params, response, session, auth } = ctx
    const facture = await findFacture(params.id)
    const user = auth.getUserOrFail()
    await limitAction(user.id, 'mail', `peppol:${facture.id}`)
    const sent = await sendFactureViaPeppol(actorOf(ctx), facture.id, user)
    session.flash(
      'success',
      `Facture ${sent.numero} envoyée via Peppol${sent.messageId ? ` (référence ${sent.messageId})` : ''}.`
    )
    return response.redirect().toRoute('esi.factures.show', { id: facture.id })
  }
}
