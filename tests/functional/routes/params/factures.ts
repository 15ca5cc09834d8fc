/*
 * Parameters of the facture routes for the route × role matrix: a draft free facture for the
 * facture's own routes; a signed bdc (its acompte facture not made yet) for the acompte action.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { libreDraft } from '#tests/functional/factures/helpers'

export const factureParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.factures.acompte',
    params: async () => {
      const { bdc } = await signedBdc()
      return { id: bdc.id }
    },
  },
  {
    matches: (route) =>
      /^esi\.factures\./.test(route.name ?? '') &&
      route.name !== 'esi.factures.acompte' &&
      route.pattern.includes(':id'),
    params: async () => {
      const facture = await libreDraft()
      return { id: facture.id }
    },
  },
]
