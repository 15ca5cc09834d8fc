import type { HttpContext } from '@adonisjs/core/http'
import limiter from '@adonisjs/limiter/services/main'
import { appUrl } from '#config/app'
import { icsFeed, userIdForToken } from '#services/planning/ics'
import { takeTry } from '#services/throttle'

/** Calendar apps poll every 15 minutes to a day: 60 a minute per address is plenty. */
export const ICS_LIMIT = { requests: 60, duration: '1 min' } as const

/**
 * A person's ICS feed (decision 461): the secret token is the guard. An unknown, malformed or
 * revoked token answers the same bare 404 (nothing says whether it ever existed); too many
 * requests from one address a 429. Never cached by a proxy.
 */
export default class PlanningIcsController {
  async show({ params, request, response }: HttpContext) {
    const wait = await takeTry(limiter.use({ ...ICS_LIMIT }), `ics_ip:${request.ip()}`)
    if (wait > 0) {
      response.header('Retry-After', String(wait))
      return response.status(429).type('text/plain; charset=utf-8').send('Trop de requêtes.')
    }
    const userId = await userIdForToken(String(params.token ?? ''))
    if (!userId) {
      return response.status(404).type('text/plain; charset=utf-8').send('Introuvable.')
    }
    response.header('Cache-Control', 'private, no-store')
    response.header('X-Robots-Tag', 'noindex')
    response.header('Content-Disposition', 'inline; filename="planning.ics"')
    return response.type('text/calendar; charset=utf-8').send(await icsFeed(userId, appUrl))
  }
}
