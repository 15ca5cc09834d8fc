/*
 * Issue 11 §4 — relances of unpaid factures (esi only): the morning proposals and their batch,
 * « Relancer » on a facture, and the letter of a recorded relance.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const RelancesController = () => import('#controllers/esi/relances_controller')

router
  .group(() => {
    router.get('/esi/compta/relances', [RelancesController, 'index']).as('esi.compta.relances')
    router
      .post('/esi/compta/relances', [RelancesController, 'batch'])
      .as('esi.compta.relances.envoyer')
    router.get('/esi/compta/relances/:id/pdf', [RelancesController, 'pdf']).as('esi.relances.pdf')
    router
      .post('/esi/compta/facture/:id/relances', [RelancesController, 'store'])
      .as('esi.factures.relancer')
  })
  .use(esiStack())
