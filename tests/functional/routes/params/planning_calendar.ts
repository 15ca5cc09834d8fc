/*
 * Parameters of the calendar's routes (issue 13 §1, §3) for the route × role matrix: the details
 * of a commercial visit (the visits and waiting items answer the technical planning's current
 * week when asked nothing).
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
]
