/*
 * Issue 11 — factures (esi only). The list keeps the SPEC.md §2 URL and its name
 * (`esi.compta.facture`); a facture's own pages and actions are `esi.factures.*`.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const FacturesController = () => import('#controllers/esi/factures_controller')
const FacturePdfController = () => import('#controllers/esi/facture_pdf_controller')
const FactureLibreController = () => import('#controllers/esi/facture_libre_controller')
const CommandeFacturesController = () => import('#controllers/esi/commande_factures_controller')

router
  .group(() => {
    router.get('/esi/compta/facture', [FacturesController, 'index']).as('esi.compta.facture')
    // Before `/:id`: « nouvelle » is not an id
    router
      .get('/esi/compta/facture/nouvelle', [FactureLibreController, 'create'])
      .as('esi.factures.create')
    router.post('/esi/compta/facture', [FactureLibreController, 'store']).as('esi.factures.store')
    router.get('/esi/compta/facture/:id', [FacturesController, 'show']).as('esi.factures.show')
    router
      .get('/esi/compta/facture/:id/modifier', [FactureLibreController, 'edit'])
      .as('esi.factures.edit')
    router
      .put('/esi/compta/facture/:id', [FactureLibreController, 'update'])
      .as('esi.factures.update')
    router.get('/esi/compta/facture/:id/pdf', [FacturePdfController, 'show']).as('esi.factures.pdf')
    router.get('/esi/compta/facture/:id/ubl', [FacturePdfController, 'ubl']).as('esi.factures.ubl')
    router
      .post('/esi/compta/facture/:id/envoyer', [FacturePdfController, 'envoyer'])
      .as('esi.factures.envoyer')
    router
      .post('/esi/compta/facture/:id/peppol', [FacturePdfController, 'peppol'])
      .as('esi.factures.peppol')
    router
      .post('/esi/compta/facture/:id/emettre', [FacturesController, 'emettre'])
      .as('esi.factures.emettre')
    router
      .delete('/esi/compta/facture/:id', [FacturesController, 'destroy'])
      .as('esi.factures.destroy')
    router
      .post('/esi/bdc/:id/facture-acompte', [FacturesController, 'storeAcompte'])
      .as('esi.factures.acompte')
    router
      .post('/esi/commandes/:id/facture-intermediaire', [
        CommandeFacturesController,
        'storeIntermediaire',
      ])
      .as('esi.factures.intermediaire')
    router
      .post('/esi/commandes/:id/facture-solde', [CommandeFacturesController, 'storeSolde'])
      .as('esi.factures.solde')
  })
  .use(esiStack())

// The customer's page of an issued facture: the link's signature is the guard (decision 234)
const PublicFactureController = () => import('#controllers/public/facture_controller')
router.get('/facture/:publicId', [PublicFactureController, 'show']).as('signed.facture.show')
router.get('/facture/:publicId/pdf', [PublicFactureController, 'pdf']).as('signed.facture.pdf')
