/*
 * Issue 13 §5 — the technician's day and the ICS feed (helper C).
 * « Ma journée » (esi, phone first) and the making/revoking of the person's feed URL; the feed
 * itself is public: its secret token is the guard (no session, GET only, throttled).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const PlanningJourneeController = () => import('#controllers/esi/planning_journee_controller')
const PlanningIcsController = () => import('#controllers/public/planning_ics_controller')

router
  .group(() => {
    router
      .get('/esi/planning/ma-journee', [PlanningJourneeController, 'show'])
      .as('esi.planning.journee')
    router
      .post('/esi/planning/ics', [PlanningJourneeController, 'creerIcs'])
      .as('esi.planning.ics_creer')
    router
      .post('/esi/planning/ics/revoquer', [PlanningJourneeController, 'revoquerIcs'])
      .as('esi.planning.ics_revoquer')
  })
  .use(esiStack())

// The subscribed calendar's URL (decision 461): the token is the guard
router.get('/ics/:token', [PlanningIcsController, 'show']).as('public.planning.ics')
