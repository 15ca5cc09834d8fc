/*
 * Issue 12 §2 — the avenant of a commande after the measurement (esi only): its page, prepare,
 * save the draft, present it, sign on the device, cancel, its PDF, and « accepter les écarts
 * sans avenant ».
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const AvenantsController = () => import('#controllers/esi/avenants_controller')

router
  .group(() => {
    router.get('/esi/commandes/:id/avenant', [AvenantsController, 'show']).as('esi.avenants.show')
    router
      .post('/esi/commandes/:id/avenant', [AvenantsController, 'store'])
      .as('esi.avenants.store')
    router
      .post('/esi/avenants/:id/lignes', [AvenantsController, 'update'])
      .as('esi.avenants.update')
    router
      .post('/esi/avenants/:id/presenter', [AvenantsController, 'presenter'])
      .as('esi.avenants.presenter')
    router
      .post('/esi/avenants/:id/reprendre', [AvenantsController, 'reprendre'])
      .as('esi.avenants.reprendre')
    router.post('/esi/avenants/:id/signature', [AvenantsController, 'sign']).as('esi.avenants.sign')
    router
      .post('/esi/avenants/:id/annuler', [AvenantsController, 'annuler'])
      .as('esi.avenants.annuler')
    router.get('/esi/avenants/:id/pdf', [AvenantsController, 'pdf']).as('esi.avenants.pdf')
    router
      .post('/esi/commandes/:id/ecarts-acceptes', [AvenantsController, 'accepter'])
      .as('esi.avenants.accepter')
  })
  .use(esiStack())
