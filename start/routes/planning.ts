/*
 * Issue 13 — the planning (esi): the visits of a range, what waits to be planned, and every
 * write as JSON from the calendar, the modal, the list, the map and the technician's day.
 * The pages (calendar, map, day) and the ICS feed add their routes in their own files.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const PlanificationsController = () => import('#controllers/esi/planifications_controller')

router
  .group(() => {
    router
      .get('/esi/planifications', [PlanificationsController, 'index'])
      .as('esi.planifications.index')
    router
      .get('/esi/planifications/attente', [PlanificationsController, 'attente'])
      .as('esi.planifications.attente')
    router
      .get('/esi/planifications/:id', [PlanificationsController, 'show'])
      .as('esi.planifications.show')
    router
      .post('/esi/planifications', [PlanificationsController, 'store'])
      .as('esi.planifications.store')
    router
      .put('/esi/planifications/:id', [PlanificationsController, 'update'])
      .as('esi.planifications.update')
    router
      .post('/esi/planifications/:id/statut', [PlanificationsController, 'statut'])
      .as('esi.planifications.statut')
  })
  .use(esiStack())
