/*
 * Route parameters of the bdc and commande routes for the route × role matrix: a bdc made
 * afresh from an accepted devis; a signed one (its signature file stored, its commande made)
 * for the routes that need them.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { systemActor } from '#services/actor'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { signBdc } from '#services/commandes/sign_bdc'

export async function signedBdc() {
  const bdc = await makeBdc()
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: 'Anne Lambert',
    lieu: 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: false,
    userId: null,
  })
  return { bdc, commande }
}

export const bdcParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.bdc.signature',
    params: async () => {
      const { bdc } = await signedBdc()
      return { id: bdc.id }
    },
  },
  {
    matches: (route) =>
      /^esi\.(bdc|paiement\.store)/.test(route.name ?? '') &&
      route.name !== 'esi.bdc.signature' &&
      route.pattern.includes(':id'),
    params: async () => {
      const bdc = await makeBdc()
      return { id: bdc.id }
    },
  },
  {
    matches: (route) => route.name === 'esi.commandes.show',
    params: async () => {
      const { commande } = await signedBdc()
      return { id: commande.id }
    },
  },
]
