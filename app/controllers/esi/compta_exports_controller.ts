import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { authorize } from '#policies/base_policy'
import { sendExport } from '#services/http/csv_response'
import { limitAction } from '#services/throttle'
import { exportJournalVentes } from '#services/compta/journal_ventes'
import { exportPaiements } from '#services/compta/paiements_export'
import type { CsvExport } from '#services/csv'
import { moisPrecedent, parsePeriode, type Periode } from '#shared/periode'
import { todayIso } from '#shared/dates'

const policy = new FacturePolicy()

/** Staff only; a refused period goes back to the exports page with its reason; one export. */
async function sendPeriodExport(
  { request, response, session, auth }: HttpContext,
  build: (periode: Periode) => Promise<CsvExport>
) {
  authorize(policy.view(auth.user ?? null))
  const { periode, error } = parsePeriode(request.input('du'), request.input('au'))
  if (!periode) {
    session.flash('error', error)
    return response.redirect().toRoute('esi.compta.exports')
  }
  await limitAction(auth.getUserOrFail().id, 'export')
  sendExport(response, await build(periode), request.input('format'))
}

/**
 * esi/compta/exports (issue 11 §5): the accountant's files for a period — the sales journal and
 * the payments (the créances file is the créances page's). Staff only.
 */
export default class ComptaExportsController {
  async index({ inertia, auth, request }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const asked = parsePeriode(request.input('du'), request.input('au'))
    return inertia.render('esi/compta/exports/Index', {
      periode: asked.periode ?? moisPrecedent(todayIso()),
    })
  }

  /** A plain GET form: the file, or back to the page with the reason. */
  async journalVentes(ctx: HttpContext) {
    return sendPeriodExport(ctx, exportJournalVentes)
  }

  /** The payments of the period, with their allocations (same form, same rules). */
  async paiements(ctx: HttpContext) {
    return sendPeriodExport(ctx, async (periode) => exportPaiements(periode))
  }
}
