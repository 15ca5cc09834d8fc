import type { HttpContext } from '@adonisjs/core/http'
import FacturePolicy from '#policies/facture_policy'
import { staffDashboard } from '#services/dashboard/staff_figures'
import { proFigures } from '#services/dashboard/user_dashboard'
import { membresDe } from '#services/dashboard/partenaires'
import { todayIso } from '#shared/dates'

const factures = new FacturePolicy()

/**
 * The dashboard of each role (issue 14 §2): staff get the figures of the day (and nothing of
 * the other blocks' data), a pro his sociétés' offres and what became of them, anyone else his
 * sociétés and their members. A prop a role does not get is null, never computed.
 */
export default class DashboardController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    // Money figures for staff only (issue 11 §6): anyone else's page has no such prop at all
    const staff = factures.view(user) === 'allow'
    // The staff's figures, kept between visits while nothing they read changed (decision 822),
    // read beside the user's sociétés
    const [dashboard] = await Promise.all([
      staff ? staffDashboard(todayIso()) : null,
      user.load('societes'),
    ])
    const ids = user.societes.map((s) => s.id)
    const pro = !staff && user.effectiveRole === 'pro'
    const membres = staff ? null : await membresDe(ids)
    return inertia.render('Dashboard', {
      societes: user.societes.map((s) => ({
        id: s.id,
        nom: s.nom,
        type: s.type,
        role: s.$extras.pivot_role,
        membres: membres ? (membres.get(s.id) ?? []) : null,
      })),
      compta: dashboard?.compta ?? null,
      figures: dashboard?.figures ?? null,
      pro: pro ? await proFigures(ids) : null,
    })
  }
}
