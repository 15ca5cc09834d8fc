import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { comptaFigures } from '#services/creances/compta_figures'
import { todayIso } from '#shared/dates'

const factures = new FacturePolicy()

export default class DashboardController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    await user.load('societes')
    // Money figures for staff only (issue 11 §6): anyone else's page has no such prop at all
    const staff = factures.view(user) === 'allow'
    return inertia.render('Dashboard', {
      societes: user.societes.map((s) => ({
        id: s.id,
        nom: s.nom,
        type: s.type,
        role: s.$extras.pivot_role,
      })),
      compta: staff ? await comptaFigures(todayIso()) : null,
    })
  }
}
