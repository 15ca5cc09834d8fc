/*
 * Parameters of the devis editor routes (issue 5) for the route × role matrix: a draft devis,
 * made afresh for each visit (the admin DELETE may remove it), with one older revision so
 * /esi/devis/:id/revisions/:revision answers.
 */
import DevisRevision from '#models/devis_revision'
import { systemActor } from '#services/actor'
import { ClientFactory } from '#database/factories/client_factory'
import { createDevis } from '#services/devis/devis_service'
import { snapshotOf } from '#services/devis/devis_snapshot'
import { today } from '#services/documents/numbering'
import type { ParamProvider } from '#tests/functional/routes/params/index'

export const devisParams: ParamProvider[] = [
  {
    matches: (route) =>
      /^(esi|admin)\.devis\./.test(route.name ?? '') && route.pattern.startsWith('/esi/devis/:id'),
    params: async (_route, user) => {
      const client = await ClientFactory.create()
      const devis = await createDevis(
        systemActor(),
        {
          client_id: client.idClient,
          objet: 'Devis de la matrice',
          date_devis: today(),
          intro: null,
          conditions: null,
          lignes: [
            {
              type: 'produit',
              produit_id: null,
              designation: 'Châssis',
              quantite: '1',
              unite: 'piece',
              prix_unitaire_ht: 10000,
              remise_pct: '0',
              taux_tva: 21,
            },
          ],
        },
        { userId: user?.id ?? (null as unknown as number) }
      )
      await DevisRevision.create({
        devisId: devis.id,
        revision: 1,
        snapshot: await snapshotOf(devis),
        createdBy: null,
      })
      return { id: devis.id, revision: 1 }
    },
  },
]
