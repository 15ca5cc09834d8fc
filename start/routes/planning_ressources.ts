/*
 * Issue 13 §D — the planning's settings: who appears in each planning (colour, order, team,
 * active), the travel time between visits (writes need the admin droit: the policy), and the
 * requests waiting to be planned (SAV, commercial visit: any staff member).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const PlanningRessourcesController = () => import('#controllers/esi/planning_ressources_controller')

router
  .group(() => {
    router
      .get('/esi/planning/equipes', [PlanningRessourcesController, 'index'])
      .as('esi.planning.equipes')
    router
      .post('/esi/planning/equipes', [PlanningRessourcesController, 'store'])
      .as('esi.planning.equipes.store')
    router
      .put('/esi/planning/equipes/:id', [PlanningRessourcesController, 'update'])
      .as('esi.planning.equipes.update')
    router
      .delete('/esi/planning/equipes/:id', [PlanningRessourcesController, 'destroy'])
      .as('esi.planning.equipes.destroy')
    router
      .put('/esi/planning/trajet', [PlanningRessourcesController, 'trajet'])
      .as('esi.planning.trajet')
    router
      .post('/esi/planning/demandes', [PlanningRessourcesController, 'demandeStore'])
      .as('esi.planning.demandes.store')
    router
      .post('/esi/planning/demandes/:id/annuler', [PlanningRessourcesController, 'demandeAnnuler'])
      .as('esi.planning.demandes.annuler')
  })
  .use(esiStack())
