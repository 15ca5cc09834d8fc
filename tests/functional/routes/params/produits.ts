/* Route parameters of the catalogue routes for the route × role matrix: an existing product. */
import { ProduitFactory } from '#database/factories/produit_factory'
import type { ParamProvider } from '#tests/functional/routes/params/index'

export const produitParams: ParamProvider[] = [
  {
    matches: (route) => /^esi\.produits\./.test(route.name ?? '') && route.pattern.includes(':id'),
    params: async () => {
      const produit = await ProduitFactory.create()
      return { id: produit.id }
    },
  },
]
