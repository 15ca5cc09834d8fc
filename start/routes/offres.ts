/*
 * Offres of the pro portal (issue 5, deliverable 5): partners write, preview, send and transmit
 * their offres (`partner.`: the members of the offre's pro société; staff read the transmitted
 * ones); turning a transmitted offre into a devis is staff work (`esi.`), though it lives under
 * /app/offres next to the offre it starts from.
 */
import router from '@adonisjs/core/services/router'
import { esiStack, partnerStack } from '#start/route_stacks'

const OffresController = () => import('#controllers/app/offres_controller')
const OffreDevisController = () => import('#controllers/esi/offre_devis_controller')

router
  .group(() => {
    router.get('/app/offres', [OffresController, 'index']).as('partner.offres.index')
    router.get('/app/offres/create', [OffresController, 'create']).as('partner.offres.create')
    router.get('/app/offres/produits', [OffresController, 'produits']).as('partner.offres.produits')
    router.post('/app/offres', [OffresController, 'store']).as('partner.offres.store')
    router.get('/app/offres/:id/edit', [OffresController, 'edit']).as('partner.offres.edit')
    router.put('/app/offres/:id', [OffresController, 'update']).as('partner.offres.update')
    router
      .get('/app/offres/:id/preview', [OffresController, 'preview'])
      .as('partner.offres.preview')
    router.get('/app/offres/:id/pdf', [OffresController, 'pdf']).as('partner.offres.pdf')
    router
      .get('/app/offres/:id/versions/:revision/pdf', [OffresController, 'revisionPdf'])
      .as('partner.offres.revision_pdf')
    router
      .post('/app/offres/:id/envoyer', [OffresController, 'envoyer'])
      .as('partner.offres.envoyer')
    router
      .post('/app/offres/:id/transmettre', [OffresController, 'transmettre'])
      .as('partner.offres.transmettre')
  })
  .use(partnerStack())

router
  .post('/app/offres/:id/devis', [OffreDevisController, 'store'])
  .as('esi.offres.to_devis')
  .use(esiStack())
