/*
 * Route parameters of the pose and réception routes (issue 12 §5) for the route × role matrix:
 * a signed commande; its PDF and the lifting of a reserve need a PV signed with one reserve.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { signedCommande, signedReception } from '#tests/functional/receptions/helpers'

const NEEDS_PV = [
  'esi.commandes.reception.pdf',
  'esi.commandes.reception.lever',
  'esi.commandes.reception.photo',
]

export const receptionParams: ParamProvider[] = [
  {
    matches: (route) => NEEDS_PV.includes(route.name ?? ''),
    params: async () => {
      const { commande } = await signedCommande()
      const reception = await signedReception(commande.id, ['Joint à reprendre'])
      await reception.load('reserves')
      return { id: commande.id, reserve: reception.reserves[0].id }
    },
  },
  {
    matches: (route) =>
      /^esi\.commandes\.(pose|reception)/.test(route.name ?? '') &&
      !NEEDS_PV.includes(route.name ?? ''),
    params: async () => {
      const { commande } = await signedCommande()
      return { id: commande.id }
    },
  },
]
