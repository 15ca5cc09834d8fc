/*
 * Issue 5 — the devis editor and life cycle (esi/devis Create and Edit): create, save (optimistic
 * lock), status changes, duplicate, older versions, and the JSON helpers of the editor (client
 * and product pickers, inline client creation). Deleting a draft is in the admin area.
 * The list and the stats are in start/routes/devis_list.ts, preview and PDF in documents.ts.
 */
import router from '@adonisjs/core/services/router'
import { adminStack, esiStack } from '#start/route_stacks'

const DevisController = () => import('#controllers/esi/devis_controller')

router
  .group(() => {
    router.get('/esi/devis/create', [DevisController, 'create']).as('esi.devis.create')
    router.get('/esi/devis/clients', [DevisController, 'clients']).as('esi.devis.clients')
    router
      .post('/esi/devis/clients', [DevisController, 'storeClient'])
      .as('esi.devis.clients.store')
    router.get('/esi/devis/produits', [DevisController, 'produits']).as('esi.devis.produits')
    router.post('/esi/devis', [DevisController, 'store']).as('esi.devis.store')
    router.get('/esi/devis/:id/edit', [DevisController, 'edit']).as('esi.devis.edit')
    router.put('/esi/devis/:id', [DevisController, 'update']).as('esi.devis.update')
    router.post('/esi/devis/:id/statut', [DevisController, 'statut']).as('esi.devis.statut')
    router
      .post('/esi/devis/:id/duplicate', [DevisController, 'duplicate'])
      .as('esi.devis.duplicate')
    router
      .get('/esi/devis/:id/revisions/:revision', [DevisController, 'revision'])
      .as('esi.devis.revision')
  })
  .use(esiStack())

router
  .group(() => {
    router.delete('/esi/devis/:id', [DevisController, 'destroy']).as('admin.devis.destroy')
  })
  .use(adminStack())
