/*
 * Parameters of the avenant routes for the route × role matrix: a commande whose validated sheet
 * flagged écarts, its avenant prepared (a draft: the page, the PDF and every action answer).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { preparedAvenant } from '#tests/functional/avenants/helpers'

export const avenantParams: ParamProvider[] = [
  {
    matches: (route) => /^esi\.avenants\./.test(route.name ?? ''),
    params: async (route) => {
      const { commande, avenant } = await preparedAvenant()
      return { id: route.pattern.startsWith('/esi/avenants/') ? avenant.id : commande.id }
    },
  },
]
