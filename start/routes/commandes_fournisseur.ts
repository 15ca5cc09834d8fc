/*
 * Issue 12 §3–4, §6 — Approvisionnement (supplier orders) and Fourniture (receiving), esi only.
 * The step lists replace the placeholders; a commande's page of each step by :commandeId;
 * a supplier order's actions by its own :id.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'
import { ID_MATCHER } from '#services/route_params'

const ProductionController = () => import('#controllers/esi/production_controller')
const FournitureController = () => import('#controllers/esi/fourniture_controller')

router
  .group(() => {
    router
      .get('/esi/commandes/production', [ProductionController, 'index'])
      .as('esi.production.index')
    router
      .post('/esi/commandes/production/envoyer', [ProductionController, 'envoyerGroupe'])
      .as('esi.production.envoyer')
    router
      .get('/esi/commandes/production/:commandeId', [ProductionController, 'show'])
      .where('commandeId', ID_MATCHER)
      .as('esi.production.show')
    router
      .post('/esi/commandes/production/:commandeId/preparer', [ProductionController, 'preparer'])
      .where('commandeId', ID_MATCHER)
      .as('esi.production.preparer')
    router
      .put('/esi/commandes-fournisseur/:id', [ProductionController, 'update'])
      .as('esi.commandes_fournisseur.update')
    router
      .delete('/esi/commandes-fournisseur/:id', [ProductionController, 'destroy'])
      .as('esi.commandes_fournisseur.destroy')
    router
      .post('/esi/commandes-fournisseur/:id/envoyer', [ProductionController, 'envoyer'])
      .as('esi.commandes_fournisseur.envoyer')
    router
      .post('/esi/commandes-fournisseur/:id/confirmer', [ProductionController, 'confirmer'])
      .as('esi.commandes_fournisseur.confirmer')
    router
      .get('/esi/commandes-fournisseur/:id/pdf', [ProductionController, 'pdf'])
      .as('esi.commandes_fournisseur.pdf')

    router
      .get('/esi/commandes/fourniture', [FournitureController, 'index'])
      .as('esi.fourniture.index')
    router
      .get('/esi/commandes/fourniture/:commandeId', [FournitureController, 'show'])
      .where('commandeId', ID_MATCHER)
      .as('esi.fourniture.show')
    router
      .post('/esi/commandes-fournisseur/:id/livraisons', [FournitureController, 'store'])
      .as('esi.commandes_fournisseur.livraisons.store')
  })
  .use(esiStack())
