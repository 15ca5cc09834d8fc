/*
 * Issue 5 — bons de commande (sign → commande), commandes, demandes de paiement (esi), and the
 * customer's payment page: a signed link, no account (`signed.`).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const BdcController = () => import('#controllers/esi/bdc_controller')
const BdcPdfController = () => import('#controllers/esi/bdc_pdf_controller')
const CommandesController = () => import('#controllers/esi/commandes_controller')
const DemandePaiementController = () => import('#controllers/esi/demande_paiement_controller')
const PublicDemandePaiementController = () =>
  import('#controllers/public/demande_paiement_controller')

router
  .group(() => {
    router.get('/esi/bdc', [BdcController, 'index']).as('esi.bdc.index')
    router.get('/esi/bdc/:id', [BdcController, 'show']).as('esi.bdc.show')
    router.get('/esi/bdc/:id/pdf', [BdcPdfController, 'show']).as('esi.bdc.pdf')
    router
      .post('/esi/bdc/:id/signature', [BdcController, 'sign'])

      .as('esi.bdc.sign')
    router
      .get('/esi/bdc/:id/signature', [BdcController, 'signature'])

      .as('esi.bdc.signature')
    router
      .post('/esi/bdc/:id/annuler', [BdcController, 'annuler'])

      .as('esi.bdc.annuler')
    router
      .post('/esi/bdc/:id/demandes-paiement', [DemandePaiementController, 'store'])

      .as('esi.paiement.store')

    router.get('/esi/commandes', [CommandesController, 'index']).as('esi.commandes.index')
    router
      .get('/esi/commandes/:id', [CommandesController, 'show'])

      .as('esi.commandes.show')

    router
      .get('/esi/paiement/demandes/:id', [DemandePaiementController, 'show'])

      .as('esi.paiement.show')
    router
      .post('/esi/paiement/demandes/:id/payee', [DemandePaiementController, 'payee'])

      .as('esi.paiement.payee')
    router
      .post('/esi/paiement/demandes/:id/renvoyer', [DemandePaiementController, 'renvoyer'])

      .as('esi.paiement.renvoyer')
  })
  .use(esiStack())

// The customer's page: the link's signature (and the demande's expiry) is the guard
router
  .get('/paiement/:publicId', [PublicDemandePaiementController, 'show'])
  .as('signed.paiement.show')
