/*
 * Parameters of the demande de paiement routes for the route × role matrix: a demande made from
 * a fresh bdc; the customer's page gets a whole valid signed link (its signature is the guard).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { systemActor } from '#services/actor'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { createDemandePaiementForBdc } from '#services/paiement/demande_paiement_service'
import { paymentLinkUrl } from '#services/paiement/payment_link'

async function makeDemande() {
  const bdc = await makeBdc()
  return createDemandePaiementForBdc(systemActor(), {
    bdcId: bdc.id,
    email: null,
    lockVersion: bdc.lockVersion,
    userId: null,
  })
}

export const paiementParams: ParamProvider[] = [
  {
    matches: (route) =>
      /^esi\.paiement\./.test(route.name ?? '') &&
      route.pattern.includes(':id') &&
      route.name !== 'esi.paiement.store',
    params: async () => {
      const demande = await makeDemande()
      return { id: demande.id }
    },
  },
  {
    matches: (route) => route.name === 'signed.paiement.show',
    params: async () => {
      const demande = await makeDemande()
      return { publicId: demande.publicId }
    },
    url: async () => {
      const url = new URL(paymentLinkUrl(await makeDemande()))
      return url.pathname + url.search
    },
  },
]
