import type { HttpContext } from '@adonisjs/core/http'
import PartenairePolicy from '#policies/partenaire_policy'
import { authorize } from '#policies/base_policy'
import {
  findPartenaire,
  membresDe,
  offresSuivi,
  parsePartenaireParams,
  partenaireFigures,
  sortString,
} from '#services/dashboard/partenaires'
import { todayIso } from '#shared/dates'
import { keptAnalyse } from '#services/analyse/reads'

const policy = new PartenairePolicy()

/**
 * esi/DashboardPro (every pro société's figures over a period, sortable, all in the URL) and
 * esi/Pro (one partner: its figures, its users, its latest offres and what they became).
 */
export default class PartenairesController {
  async index({ inertia, request, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const params = parsePartenaireParams(request.qs())
    return inertia.render('esi/DashboardPro', {
      // Kept between visits while nothing it reads was written (decision 819)
      partenaires: await keptAnalyse(
        'partenaires',
        [params.du, params.au, sortString(params.sort)],
        () => partenaireFigures(params)
      ),
      query: { du: params.du, au: params.au, sort: sortString(params.sort) },
      warnings: params.warnings,
      today: todayIso(),
    })
  }

  async show({ inertia, request, params: route, auth }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const societe = await findPartenaire(route.id)
    const params = parsePartenaireParams(request.qs())
    const [figures, membres, offres] = await Promise.all([
      partenaireFigures(params, societe.id),
      membresDe([societe.id]),
      offresSuivi([societe.id], { limit: 20, esiView: true }),
    ])
    return inertia.render('esi/Pro', {
      societe: {
        id: societe.id,
        nom: societe.nom,
        email: societe.email,
        telephone: societe.telephone,
        localite: societe.localite,
        remise_partenaire_pct: Number(societe.remise_partenaire_pct ?? 0),
      },
      figures: figures[0],
      membres: membres.get(societe.id) ?? [],
      offres,
      query: { du: params.du, au: params.au },
      warnings: params.warnings,
    })
  }
}
