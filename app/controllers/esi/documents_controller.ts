import type { HttpContext } from '@adonisjs/core/http'
import DevisPolicy from '#policies/devis_policy'
import { authorize } from '#policies/base_policy'
import Devis from '#models/devis'
import DevisRevision from '#models/devis_revision'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import { devisDocument, devisPdf, devisRevisionPdf, pdfHeaders } from '#services/pdf/index'
import DevisTransformer from '#transformers/sales/devis_transformer'
import { limitAction } from '#services/throttle'

const policy = new DevisPolicy()

/**
 * esi/devis/Preview and the devis PDFs (issue 5, deliverable 3), staff only (esiStack in
 * start/routes/documents.ts). The loaders of app/services/pdf answer 404 for an unknown id.
 */
export default class DocumentsController {
  /** The devis as the customer will see it, with its earlier versions. */
  async preview({ inertia, params, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const id = parseId(params.id)
    const devis = id ? await Devis.find(id) : null
    if (!devis) throw new NotFoundException()
    const document = await devisDocument(devis.id, { forBrowser: true })
    const revisions = await DevisRevision.query()
      .where('devis_id', devis.id)
      .orderBy('revision', 'desc')
      .select('revision', 'created_at')
    return inertia.render('esi/devis/Preview', {
      devis: DevisTransformer.transform(devis),
      document,
      revisions: revisions.map((r) => ({
        revision: r.revision,
        created_at: r.createdAt.toISO(),
      })),
    })
  }

  async pdf({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const id = parseId(params.id)
    if (!id) throw new NotFoundException()
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await devisPdf(id)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }

  /** A version replaced by a later edit, from its frozen snapshot. */
  async revisionPdf({ params, response, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const id = parseId(params.id)
    const revision = parseId(params.revision)
    if (!id || !revision) throw new NotFoundException()
    await limitAction(auth.getUserOrFail().id, 'pdf')
    const { filename, content } = await devisRevisionPdf(id, revision)
    for (const [name, value] of Object.entries(pdfHeaders(filename))) response.header(name, value)
    return response.send(content)
  }
}
