import type { HttpContext } from '@adonisjs/core/http'
import { commercialOptions } from '#services/devis_list/devis_list'
import { devisStats, parseStatsParams } from '#services/devis_list/devis_stats'
import { keptAnalyse } from '#services/analyse/reads'
import { todayIso } from '#shared/dates'

/** /esi/devis/stats: counts, amounts, conversion and delays of the devis for a period. */
export default class DevisStatsController {
  async show({ inertia, request }: HttpContext) {
    const params = parseStatsParams(request.qs())
    return inertia.render('esi/devis/Stats', {
      // Kept between visits while nothing it reads was written (decision 819)
      stats: await keptAnalyse('devis_stats', [params.du, params.au, params.commercial], () =>
        devisStats(params)
      ),
      warnings: params.warnings,
      // Brussels' day without luxon (decision 810)
      today: todayIso(),
      commerciaux: await commercialOptions(),
    })
  }
}
