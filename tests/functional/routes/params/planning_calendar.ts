/*
 * Parameters of the calendar's routes (issue 13 §1, §3) for the route × role matrix: the details
 * of a commercial visit, and the query the calendar sends to the visits and waiting items (they
 * answer 404 without a planning type).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { makeRdv, makeTechnicien } from '#tests/functional/planning/helpers'

export const planningCalendarParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.planning.visites.details',
    params: async () => {
      const visite = await makeRdv(await makeTechnicien())
      return { id: visite.id }
    },
  },
  {
    matches: (route) =>
      route.name === 'esi.planifications.index' || route.name === 'esi.planifications.attente',
    params: async () => ({}),
    url: async (route) =>
      route.name === 'esi.planifications.index'
        ? '/esi/planifications?type=tec&start=2026-12-07T00:00&end=2026-12-14T00:00'
        : '/esi/planifications/attente?type=tec',
  },
]
