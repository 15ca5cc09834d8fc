/*
 * Parameters of the measurement sheet routes for the route × role matrix: a signed commande
 * with lines to measure (its sheet is created at first opening, or by the PDF/sync provider).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { commandeAMesurer } from '#tests/functional/mesurage/helpers'
import { ensureMesure } from '#services/commandes/mesure_feuille'

export const mesurageParams: ParamProvider[] = [
  {
    matches: (route) => /^esi\.mesurage\./.test(route.name ?? '') && route.pattern.includes(':id'),
    params: async () => {
      const { commande } = await commandeAMesurer()
      await ensureMesure(commande.id)
      return { id: commande.id }
    },
  },
]
