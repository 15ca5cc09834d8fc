/*
 * Issue 5 — the devis as the customer sees it: esi/devis/Preview and the PDFs (current version
 * and earlier versions). The bdc and offre PDFs live with their domains (bdc.ts, offres.ts) and
 * call app/services/pdf too.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const DocumentsController = () => import('#controllers/esi/documents_controller')

router
  .group(() => {
    router.get('/esi/devis/:id/preview', [DocumentsController, 'preview']).as('esi.devis.preview')
    router.get('/esi/devis/:id/pdf', [DocumentsController, 'pdf']).as('esi.devis.pdf')
    router
      .get('/esi/devis/:id/revisions/:revision/pdf', [DocumentsController, 'revisionPdf'])
      .as('esi.devis.revision_pdf')
  })
  .use(esiStack())
