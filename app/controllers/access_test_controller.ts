import type { HttpContext } from '@adonisjs/core/http'
import { AREAS, canReach } from '#shared/roles'

/** /test-access: what the effective role reaches (DESIGN.md §4). */
export default class AccessTestController {
  async show({ inertia, auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const subject = { role: user.role, acces_role: user.accesRole, droit: user.droit }
    return inertia.render('AccesTest', {
      effectiveRole: user.effectiveRole,
      areas: AREAS.map((area) => ({ area, allowed: canReach(subject, area) })),
    })
  }
}
