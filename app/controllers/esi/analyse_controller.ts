import type { HttpContext } from '@adonisjs/core/http'
import AnalysePolicy from '#policies/analyse_policy'
import { authorize } from '#policies/base_policy'
import { sendExport } from '#services/http/csv_response'
import { limitAction } from '#services/throttle'
import type { CsvExport } from '#services/csv'
import { parseAnalyseParams, type AnalyseParams } from '#services/analyse/params'
import { chiffreAffaires, exportChiffreAffaires } from '#services/analyse/chiffre_affaires'
import { exportRentabilite, rentabilite } from '#services/analyse/rentabilite'
import { analyseKey, keptAnalyse } from '#services/analyse/reads'
import { acceptation, exportAcceptation } from '#services/analyse/acceptation'
import { exportOccupation, occupation } from '#services/analyse/techniciens'
import { commercialOptions } from '#services/devis_list/devis_list'
import { todayIso } from '#shared/dates'

const policy = new AnalysePolicy()

/** Staff only; the URL's period and filters (a bad value replaced, with a French warning). */
function paramsOf({ auth, request }: HttpContext): AnalyseParams {
  authorize(policy.view(auth.user ?? null))
  return parseAnalyseParams(request.qs())
}

function common(params: AnalyseParams) {
  return {
    warnings: params.warnings,
    // Brussels' day without luxon's zone conversion (decision 810)
    today: todayIso(),
  }
}

/** The file of an analyse: CSV, or XLSX with ?format=xlsx; one export at a time per user. */
async function sendAnalyse(ctx: HttpContext, build: (p: AnalyseParams) => Promise<CsvExport>) {
  const params = paramsOf(ctx)
  await limitAction(ctx.auth.getUserOrFail().id, 'export')
  sendExport(ctx.response, await build(params), ctx.request.input('format'))
}

/**
 * /esi/analyse/* (issue 14 §3): turnover, margin, acceptance of the devis and occupation of the
 * technicians, each a page (chart + table, period in the URL) and its CSV / XLSX export.
 */
export default class AnalyseController {
  async chiffreAffaires(ctx: HttpContext) {
    const params = paramsOf(ctx)
    return ctx.inertia.render('esi/analyse/ChiffreAffaires', {
      ...common(params),
      ca: await keptAnalyse('chiffre_affaires', [params.du, params.au, params.source], () =>
        chiffreAffaires(params)
      ),
    })
  }

  async rentabilite(ctx: HttpContext) {
    const params = paramsOf(ctx)
    return ctx.inertia.render('esi/analyse/Rentabilite', {
      ...common(params),
      commercial: params.commercial,
      commerciaux: await commercialOptions(),
      // Kept between visits while nothing it reads was written (decision 817)
      rentabilite: await keptAnalyse('rentabilite', analyseKey(params), () => rentabilite(params)),
    })
  }

  async acceptation(ctx: HttpContext) {
    const params = paramsOf(ctx)
    return ctx.inertia.render('esi/analyse/Acceptation', {
      ...common(params),
      acceptation: await keptAnalyse('acceptation', analyseKey(params), () => acceptation(params)),
    })
  }

  async techniciens(ctx: HttpContext) {
    const params = paramsOf(ctx)
    return ctx.inertia.render('esi/analyse/Techniciens', {
      ...common(params),
      occupation: await keptAnalyse('occupation', analyseKey(params), () => occupation(params)),
    })
  }

  async exportChiffreAffaires(ctx: HttpContext) {
    return sendAnalyse(ctx, exportChiffreAffaires)
  }

  async exportRentabilite(ctx: HttpContext) {
    return sendAnalyse(ctx, exportRentabilite)
  }

  async exportAcceptation(ctx: HttpContext) {
    return sendAnalyse(ctx, exportAcceptation)
  }

  async exportTechniciens(ctx: HttpContext) {
    return sendAnalyse(ctx, exportOccupation)
  }
}
