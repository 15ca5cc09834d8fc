/*
 * Issue 12 §2 — the measurement sheet (esi): the list of what waits to be measured, the sheet on
 * a phone, its JSON sync from the offline queue, validation, reopening and PDF.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const MesurageController = () => import('#controllers/esi/mesurage_controller')

router
  .group(() => {
    router.get('/esi/commandes/mesurage', [MesurageController, 'index']).as('esi.mesurage.index')
    router.get('/esi/commandes/mesurage/:id', [MesurageController, 'show']).as('esi.mesurage.show')
    router
      .post('/esi/commandes/mesurage/:id/sync', [MesurageController, 'sync'])
      .as('esi.mesurage.sync')
    router
      .post('/esi/commandes/mesurage/:id/valider', [MesurageController, 'valider'])
      .as('esi.mesurage.valider')
    router
      .post('/esi/commandes/mesurage/:id/rouvrir', [MesurageController, 'rouvrir'])
      .as('esi.mesurage.rouvrir')
    router
      .get('/esi/commandes/mesurage/:id/pdf', [MesurageController, 'pdf'])
      .as('esi.mesurage.pdf')
  })
  .use(esiStack())
