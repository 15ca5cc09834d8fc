import type { HttpContext } from '@adonisjs/core/http'

export default class DashboardController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    await user.load('societes')
    return inertia.render('Dashboard', {
      societes: user.societes.map((s) => ({
        id: s.id,
        nom: s.nom,
        type: s.type,
        role: s.$extras.pivot_role,
      })),
    })
  }
}
