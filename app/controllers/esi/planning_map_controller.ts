import type { HttpContext } from '@adonisjs/core/http'
import env from '#start/env'
import PlanificationPolicy from '#policies/planification_policy'
import { authorize } from '#policies/base_policy'
import { actorOf } from '#services/actor'
import { ressourcesOf } from '#services/planning/ressources'
import { tileConfig } from '#services/planning/map_config'
import { reorderDay } from '#services/planning/reorder_day'
import { geocoderElement, placerSurCarte, societeCoordonnees } from '#services/planning/carte'
import { osrmRoute } from '#services/planning/osrm'
import { ATTENTE_LIMIT } from '#services/planning/attente'
import { TransitionException } from '#exceptions/http_exceptions'
import {
  coordonneesValidator,
  geocoderValidator,
  reorderValidator,
  trajetValidator,
} from '#validators/planning_map'
import { jourDemande, type PlanningType } from '#shared/planning'
import { todayIso } from '#shared/dates'

const policy = new PlanificationPolicy()

function personneParam(raw: unknown): number | null {
  const n = Number(raw)
  return typeof raw === 'string' && Number.isInteger(n) && n > 0 && n <= 2_147_483_647 ? n : null
}

/**
 * The planning map (issue 13 §4): the page of each planning, and its writes as JSON — a day
 * reordered, coordinates placed by a click or found by the geocoder, the road distance of a
 * route (OSRM, when configured). The page reads its markers from esi.planifications.attente and
 * esi.planifications.index. Rules in app/services/planning/.
 */
export default class PlanningMapController {
  private async page({ inertia, auth, request }: HttpContext, type: PlanningType) {
    authorize(policy.view(auth.user ?? null))
    const qs = request.qs()
    const ressources = await ressourcesOf(type)
    const personne = personneParam(qs.personne)
    const depart = await societeCoordonnees()
    return inertia.render('esi/planning/PlanifMap', {
      type,
      date: jourDemande(qs.date, todayIso()),
      personne: ressources.some((r) => r.id === personne) ? personne : null,
      ressources,
      tuiles: tileConfig(),
      depart,
      attenteMax: ATTENTE_LIMIT,
    })
  }

  async com(ctx: HttpContext) {
    return this.page(ctx, 'com')
  }

  async tec(ctx: HttpContext) {
    return this.page(ctx, 'tec')
  }

  async reordonner(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const input = await ctx.request.validateUsing(reorderValidator)
    const visites = await reorderDay(actorOf(ctx), {
      type: input.type,
      personne: input.personne,
      date: input.date,
      ordre: input.ordre,
      lockVersions: input.lock_versions,
    })
    return ctx.response.json({ visites })
  }

  async coordonnees(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const input = await ctx.request.validateUsing(coordonneesValidator)
    const coords = await placerSurCarte(actorOf(ctx), input.cle, input)
    return ctx.response.json(coords)
  }

  async geocoder(ctx: HttpContext) {
    authorize(policy.update(ctx.auth.user ?? null))
    const input = await ctx.request.validateUsing(geocoderValidator)
    return ctx.response.json(await geocoderElement(actorOf(ctx), input.cle))
  }

  /** Road km and time of a route; only asked by the page when OSRM_URL is set. */
  async trajet(ctx: HttpContext) {
    authorize(policy.view(ctx.auth.user ?? null))
    const input = await ctx.request.validateUsing(trajetValidator)
    const base = env.get('OSRM_URL')
    if (!base) {
      throw new TransitionException(
        'Aucun serveur d’itinéraires n’est configuré : distances à vol d’oiseau.'
      )
    }
    return ctx.response.json(await osrmRoute(base, input.points))
  }
}
