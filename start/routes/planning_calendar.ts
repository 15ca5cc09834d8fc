/*
 * Issue 13 §1 — the calendar pages of both plannings, and what a visit is for (its modal).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const PlanningController = () => import('#controllers/esi/planning_controller')

router
  .group(() => {
    router.get('/esi/planning/com', [PlanningController, 'com']).as('esi.planning.com')
    router.get('/esi/planning/tec', [PlanningController, 'tec']).as('esi.planning.tec')
    router
      .get('/esi/planning/visites/:id/details', [PlanningController, 'details'])
      .as('esi.planning.visites.details')
  })
  .use(esiStack())
