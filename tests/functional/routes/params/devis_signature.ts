/*
 * Parameters of the customer's devis routes (issue 14 §1) for the route × role matrix: a fresh
 * sent devis, and the whole valid signed link of the route (its signature is the guard).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import type { DevisLinkRoute } from '#services/signature_en_ligne/devis_link'
import { linkPath, sentDevis } from '#tests/functional/signature_en_ligne/helpers'

export const devisSignatureParams: ParamProvider[] = [
  {
    matches: (route) => /^signed\.devis\./.test(route.name ?? ''),
    params: async () => {
      const devis = await sentDevis()
      return { publicId: devis.publicId, version: devis.revision }
    },
    url: async (route) => linkPath(await sentDevis(), route.name as DevisLinkRoute),
  },
]
