/*
 * Route parameters of the archive (issue 14 §4) for the route × role matrix: a finished
 * commande (a running one is a 404 there).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { commandeArchivee } from '#tests/functional/archive/helpers'

export const archiveParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.archive.show',
    params: async () => {
      const commande = await commandeArchivee()
      return { id: commande.id }
    },
  },
]
