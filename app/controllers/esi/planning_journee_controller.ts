import type { HttpContext } from '@adonisjs/core/http'
import { urlFor } from '@adonisjs/core/services/url_builder'
import PlanificationPolicy from '#policies/planification_policy'
import { authorize } from '#policies/base_policy'
import { appUrl } from '#config/app'
import { journee } from '#services/planning/journee'
import { creerJeton, jetonEtat, revoquerJeton } from '#services/planning/ics'
import { todayIso } from '#shared/dates'

const policy = new PlanificationPolicy()

/**
 * « Ma journée » (issue 13 §5): the logged-in person's visits of a day, phone first, and the
 * making/revoking of his ICS feed's URL (shown once, when made: only its hash is kept).
 */
export default class PlanningJourneeController {
  async show({ inertia, auth, request }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const user = auth.getUserOrFail()
    const day = await journee(user.id, request.qs().date, todayIso())
    return inertia.render('esi/planning/Journee', { ...day, ics: await jetonEtat(user.id) })
  }

  async creerIcs({ auth, response }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const user = auth.getUserOrFail()
    const token = await creerJeton(user.id)
    const url = new URL(urlFor('public.planning.ics', { token }), appUrl).toString()
    return response.json({ url, ics: await jetonEtat(user.id) })
  }

  async revoquerIcs({ auth, response }: HttpContext) {
    authorize(policy.view(auth.user ?? null))
    const user = auth.getUserOrFail()
    await revoquerJeton(user.id)
    return response.json({ ics: await jetonEtat(user.id) })
  }
}
