/*
 * Issue 14 §1 — the customer's page of a sent devis: see it, download its PDF, accept and sign
 * it online or refuse it. A signed link, no account (`signed.`): the signature is the guard
 * (app/controllers/public/devis_signature_controller.ts), throttled there.
 */
import router from '@adonisjs/core/services/router'

const PublicDevisSignatureController = () =>
  import('#controllers/public/devis_signature_controller')

router
  .get('/devis/:publicId/:version', [PublicDevisSignatureController, 'show'])
  .as('signed.devis.show')
router
  .get('/devis/:publicId/:version/pdf', [PublicDevisSignatureController, 'pdf'])
  .as('signed.devis.pdf')
router
  .post('/devis/:publicId/:version/accepter', [PublicDevisSignatureController, 'accepter'])
  .as('signed.devis.accepter')
router
  .post('/devis/:publicId/:version/refuser', [PublicDevisSignatureController, 'refuser'])
  .as('signed.devis.refuser')
