/*
 * Route parameters of a commande's files for the route × role matrix: a signed bdc's commande
 * with a stored document.
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { storeCommandeDocument } from '#services/commandes/commande_fichiers'

export const commandeFichierParams: ParamProvider[] = [
  {
    matches: (route) => route.name === 'esi.commandes.fichiers.show',
    params: async () => {
      const { commande } = await signedBdc()
      const doc = await storeCommandeDocument(null, {
        commandeId: commande.id,
        etape: null,
        bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
        nomOriginal: 'document.pdf',
        auteurId: null,
      })
      return { id: commande.id, fichier: doc.id }
    },
  },
  {
    matches: (route) => route.name === 'esi.commandes.fichiers.store',
    params: async () => {
      const { commande } = await signedBdc()
      return { id: commande.id }
    },
  },
]
