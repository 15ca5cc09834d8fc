/*
 * Parameters of the relance routes for the route × role matrix: a recorded relance of an
 * overdue facture, for its letter. (« Relancer » on a facture is an esi.factures.* route: the
 * facture routes' provider gives it a facture.)
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { lateFacture, recorded } from '#tests/functional/relances/helpers'
import { todayIso } from '#shared/dates'

export const relanceParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.relances.pdf',
    params: async () => {
      const { facture } = await lateFacture(30)
      const relance = await recorded(facture, 1, todayIso())
      return { id: relance.id }
    },
  },
]
