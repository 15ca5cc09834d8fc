import type { HttpContext } from '@adonisjs/core/http'
import { actorOf } from '#services/actor'
import db from '@adonisjs/lucid/services/db'
import { currentUserProps } from '#transformers/user_transformer'
import { accesRoleValidator, droitValidator } from '#validators/user_api'
import { audit } from '#services/audit'
import { ForbiddenException } from '#exceptions/http_exceptions'
import { requireStepUp } from '#services/http/step_up'
import { renewSession } from '#services/http/user_sessions'

/** The four calls of SPEC.md §7, with the rights of DESIGN.md §4. */
export default class UserApiController {
  async show({ auth }: HttpContext) {
    return currentUserProps(auth.getUserOrFail())
  }

  async societes({ auth }: HttpContext) {
    const user = auth.getUserOrFail()
    const rows = await user.related('societes').query().orderBy('nom')
    return rows.map((s) => ({ id: s.id, nom: s.nom, type: s.type, role: s.$extras.pivot_role }))
  }

  /** PUT /api/user/role {droit}: a user switches a right on (only if granted) or off. */
  async updateDroit(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    const { droit } = await ctx.request.validateUsing(droitValidator)
    if (droit !== null && !(user.droitsAccordes ?? []).includes(droit)) {
      throw new ForbiddenException('Ce droit ne vous a pas été accordé.')
    }
    // Switching admin on asks for a second factor given in the last 15 minutes (DESIGN.md §4)
    if (droit === 'admin' && user.droit !== 'admin') requireStepUp(ctx)
    const before = user.droit
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.droit = droit
      await user.save()
      await audit(
        actorOf(ctx),
        {
          action: 'user.droit',
          subjectType: 'user',
          subjectId: user.id,
          before: { droit: before },
          after: { droit },
        },
        trx
      )
    })
    // A privilege change gets a fresh session id (fixation, ASVS 7.2.4)
    await renewSession(ctx)
    return { droit: user.droit }
  }

  /** PUT /api/user/acces-role {role}: an esi sees the app as a pro or an ordinary user. */
  async updateAccesRole(ctx: HttpContext) {
    const user = ctx.auth.getUserOrFail()
    if (user.role !== 'esi') throw new ForbiddenException()
    const { role } = await ctx.request.validateUsing(accesRoleValidator)
    const before = user.accesRole
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.accesRole = role
      await user.save()
      await audit(
        actorOf(ctx),
        {
          action: 'user.acces_role',
          subjectType: 'user',
          subjectId: user.id,
          before: { acces_role: before },
          after: { acces_role: role },
        },
        trx
      )
    })
    await renewSession(ctx)
    return { acces_role: user.accesRole, effective_role: user.effectiveRole }
  }
}
