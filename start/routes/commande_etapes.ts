/*
 * Issue 12 §1 — the commande's timeline: a step's edit and manual statut, the customer's
 * withdrawal, a cancellation (esi only).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const CommandeEtapesController = () => import('#controllers/esi/commande_etapes_controller')

router
  .group(() => {
    router
      .put('/esi/commandes/:id/etapes/:etape', [CommandeEtapesController, 'update'])
      .as('esi.commandes.etapes.update')
    router
      .post('/esi/commandes/:id/etapes/:etape/statut', [CommandeEtapesController, 'statut'])
      .as('esi.commandes.etapes.statut')
    router
      .post('/esi/commandes/:id/retractation', [CommandeEtapesController, 'retractation'])
      .as('esi.commandes.retractation')
    router
      .post('/esi/commandes/:id/annuler', [CommandeEtapesController, 'annuler'])
      .as('esi.commandes.annuler')
  })
  .use(esiStack())
