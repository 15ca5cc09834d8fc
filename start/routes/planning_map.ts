/*
 * Issue 13 §4 — the planning map (helper B): what waits to be planned and a day's visits per
 * person, with the route order; its JSON writes (a day reordered, coordinates placed by a click
 * or by the geocoder) and the road distance of a route (OSRM, when configured).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const PlanningMapController = () => import('#controllers/esi/planning_map_controller')

router
  .group(() => {
    router
      .get('/esi/planning/com/carte', [PlanningMapController, 'com'])
      .as('esi.planning.com_carte')
    router
      .get('/esi/planning/tec/carte', [PlanningMapController, 'tec'])
      .as('esi.planning.tec_carte')
    router
      .post('/esi/planning/journee-ordre', [PlanningMapController, 'reordonner'])
      .as('esi.planning.reordonner')
    router
      .post('/esi/planning/carte/coordonnees', [PlanningMapController, 'coordonnees'])
      .as('esi.planning.carte_coordonnees')
    router
      .post('/esi/planning/carte/geocoder', [PlanningMapController, 'geocoder'])
      .as('esi.planning.carte_geocoder')
    router
      .post('/esi/planning/carte/trajet', [PlanningMapController, 'trajet'])
      .as('esi.planning.carte_trajet')
  })
  .use(esiStack())
