import type { HttpContext } from '@adonisjs/core/http'
import PlanificationPolicy from '#policies/planification_policy'
import { authorize } from '#policies/base_policy'
import { parseId } from '#services/route_params'
import { NotFoundException } from '#exceptions/http_exceptions'
import { ressourcesOf } from '#services/planning/ressources'
import { visiteDetails } from '#services/planning/visite_details'
import { todayIso } from '#shared/dates'
import { TYPE_NATURES, parsePlanningQuery, type PlanningType } from '#shared/planning'

const policy = new PlanificationPolicy()

/**
 * Issue 13 §1 and §3 — the calendar page of each planning (esi/planning/Index) and what a visit
 * is for (its modal). The visits come as JSON from esi.planifications.index for the range the
 * calendar shows, so moving between weeks does not reload the page.
 */
export default class PlanningController {
  com(ctx: HttpContext) {
    return this.render(ctx, 'com')
  }

  tec(ctx: HttpContext) {
    return this.render(ctx, 'tec')
  }

  private async render({ inertia, request, auth }: HttpContext, type: PlanningType) {
    authorize(policy.view(auth.user ?? null))
    const qs = request.qs()
    const today = todayIso()
    const visite = parseId(qs.visite)
    return inertia.render('esi/planning/Index', {
      type,
      query: parsePlanningQuery(qs, type, today),
      /** A visit to open on arrival (?visite=12: a link from the map or the day). */
      visite: visite ?? null,
      ressources: await ressourcesOf(type),
      today,
      natures: [...TYPE_NATURES[type]],
    })
  }

  async details({ params, auth, response }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const id = parseId(params.id)
    if (!id) throw new NotFoundException()
    return response.json(await visiteDetails(id))
  }
}
