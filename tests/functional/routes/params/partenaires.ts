/*
 * Parameters of the partners' pages (issue 14 §2) for the route × role matrix: a pro société.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { makeSociete } from '#tests/functional/societes/helpers'

export const partenaireParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.pro.show',
    params: async () => {
      const societe = await makeSociete('pro')
      return { id: societe.id }
    },
  },
]
