/*
 * Route parameters of the commande timeline's routes (issue 12 §1) for the route × role matrix:
 * a signed bdc's commande, its « pose » step (an empty form answers 422, never a refusal).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { signedBdc } from '#tests/functional/routes/params/bdc'

export const commandeEtapesParams: ParamProvider[] = [
  {
    matches: (route) =>
      /^esi\.commandes\.(etapes\.update|etapes\.statut|retractation|annuler)$/.test(
        route.name ?? ''
      ),
    params: async () => {
      const { commande } = await signedBdc()
      return { id: commande.id, etape: 'pose' }
    },
  },
]
