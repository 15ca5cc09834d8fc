import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { findFacture } from '#services/factures/facture_service'
import { facturePdf, pdfHeaders } from '#services/pdf/index'
import { limitAction } from '#services/throttle'

const policy = new FacturePolicy()

/** A facture as PDF (app/services/pdf/facture_loader.ts), esi only, never cached. */
export default class FacturePdfController {
  async show({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const facture = await findFacture(params.id)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await facturePdf(facture.id)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }
}
