/*
 * Issue 12 §5 — the pose on a phone and its procès-verbal de réception (esi only).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'
import { ID_MATCHER } from '#services/route_params'

const ReceptionsController = () => import('#controllers/esi/receptions_controller')

router
  .group(() => {
    router.get('/esi/commandes/:id/pose', [ReceptionsController, 'pose']).as('esi.commandes.pose')
    router
      .post('/esi/commandes/:id/pose/commencer', [ReceptionsController, 'commencer'])
      .as('esi.commandes.pose.commencer')
    router
      .get('/esi/commandes/:id/reception', [ReceptionsController, 'show'])
      .as('esi.commandes.reception')
    router
      .post('/esi/commandes/:id/reception', [ReceptionsController, 'store'])
      .as('esi.commandes.reception.store')
    router
      .get('/esi/commandes/:id/reception/pdf', [ReceptionsController, 'pdf'])
      .as('esi.commandes.reception.pdf')
    router
      .post('/esi/commandes/:id/reception/reserves/:reserve/lever', [ReceptionsController, 'lever'])
      .where('reserve', ID_MATCHER)
      .as('esi.commandes.reception.lever')
    router
      .post('/esi/commandes/:id/reception/reserves/:reserve/photo', [ReceptionsController, 'photo'])
      .where('reserve', ID_MATCHER)
      .as('esi.commandes.reception.photo')
  })
  .use(esiStack())
