/*
 * Parameters of the supplier order routes (issue 12 §3–4) for the route × role matrix: a
 * commande ready to order for the step pages, and a draft supplier order of it for the order's
 * own routes (send, confirm, receive, PDF…: each answers, refusing in French what its state does
 * not allow, never 404).
 */
import type { ParamProvider } from '#tests/functional/routes/params/index'
import db from '@adonisjs/lucid/services/db'
import { systemActor } from '#services/actor'
import { prepareCommandesFournisseur } from '#services/commandes_fournisseur/cf_brouillon'
import { readyCommande } from '#tests/functional/commandes_fournisseur/helpers'

export const commandeFournisseurParams: ParamProvider[] = [
  {
    matches: (route) =>
      ['esi.production.show', 'esi.production.preparer', 'esi.fourniture.show'].includes(
        route.name ?? ''
      ),
    params: async () => {
      const { commande } = await readyCommande()
      return { commandeId: commande.id }
    },
  },
  {
    matches: (route) => (route.name ?? '').startsWith('esi.commandes_fournisseur.'),
    params: async () => {
      const { commande } = await readyCommande()
      await prepareCommandesFournisseur(systemActor(), commande.id)
      const cf = await db
        .from('commandes_fournisseur')
        .where('commande_id', commande.id)
        .orderBy('id')
        .firstOrFail()
      return { id: cf.id }
    },
  },
]
