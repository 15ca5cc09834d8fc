/*
 * Parameters of the planning routes for the route × role matrix: a commercial visit of a staff
 * member (the ICS feed and the pages add their own when they need one).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { makeRdv, makeTechnicien } from '#tests/functional/planning/helpers'

export const planningParams: ParamProvider[] = [
  {
    matches: (route) =>
      /^esi\.planifications\./.test(route.name ?? '') && route.pattern.includes(':id'),
    params: async () => {
      const visite = await makeRdv(await makeTechnicien())
      return { id: visite.id }
    },
  },
]
