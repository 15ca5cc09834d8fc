/*
 * Parameters of the technician's day routes for the route × role matrix (issue 13 §5): the ICS
 * feed's whole URL with a live token of a staff member (the feed is public: its token is the
 * guard, so everyone holding it gets the calendar).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { makeTechnicien } from '#tests/functional/planning/helpers'
import { creerJeton } from '#services/planning/ics'

async function jeton() {
  const tech = await makeTechnicien()
  return creerJeton(tech.id)
}

export const planningJourneeParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'public.planning.ics',
    params: async () => ({ token: await jeton() }),
    url: async () => `/ics/${await jeton()}`,
  },
]
