/*
 * Product catalogue (issue 4): list, create/edit from a modal, CSV export and import. No delete:
 * a product leaves the editors by being made inactive (docs/DECISIONS.md).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const ProduitsController = () => import('#controllers/esi/produits_controller')

router
  .group(() => {
    router.get('/esi/produits', [ProduitsController, 'index']).as('esi.produits.index')
    router.get('/esi/produits/export', [ProduitsController, 'export']).as('esi.produits.export')
    router.post('/esi/produits/import', [ProduitsController, 'import']).as('esi.produits.import')
    router.post('/esi/produits', [ProduitsController, 'store']).as('esi.produits.store')
    router.put('/esi/produits/:id', [ProduitsController, 'update']).as('esi.produits.update')
  })
  .use(esiStack())
