import type { HttpContext } from '@adonisjs/core/http'
import { DateTime } from 'luxon'
import { commercialOptions } from '#services/devis_list/devis_list'
import { devisStats, parseStatsParams } from '#services/devis_list/devis_stats'
import { TIME_ZONE } from '#shared/app'

/** /esi/devis/stats: counts, amounts, conversion and delays of the devis for a period. */
export default class DevisStatsController {
  async show({ inertia, request }: HttpContext) {
    const params = parseStatsParams(request.qs())
    return inertia.render('esi/devis/Stats', {
      stats: await devisStats(params),
      warnings: params.warnings,
      today: DateTime.now().setZone(TIME_ZONE).toISODate()!,
      commerciaux: await commercialOptions(),
    })
  }
}
