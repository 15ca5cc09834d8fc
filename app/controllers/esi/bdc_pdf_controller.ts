import type { HttpContext } from '@adonisjs/core/http'
import BdcPolicy from '#policies/bdc_policy'
import { authorize } from '#policies/base_policy'
import { findBdc } from '#services/bdc/bdc_service'
import { bdcPdf } from '#services/pdf/index'
import { limitAction } from '#services/throttle'

const policy = new BdcPolicy()

/**
 * The bon de commande as PDF (app/services/pdf, the same data as the Show page's document). A
 * controller of its own so the rest of the bdc pages never depend on the PDF library loading.
 */
export default class BdcPdfController {
  async show({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const bdc = await findBdc(params.id)
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await bdcPdf(bdc.id)
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
