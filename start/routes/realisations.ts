/*
 * Issue 14 §4 — réalisations: the gallery of the work photos (esi), deleting one (admin), and
 * the public portfolio of the publique ones with their files (no login: `public.`). The photos
 * are uploaded through esi.commandes.fichiers.store (start/routes/commande_fichiers.ts).
 */
import router from '@adonisjs/core/services/router'
import { adminStack, esiStack } from '#start/route_stacks'
import { BIGINT_ID_MATCHER } from '#services/route_params'

const RealisationsController = () => import('#controllers/esi/realisations_controller')
const PublicRealisationsController = () => import('#controllers/public/realisations_controller')

router
  .group(() => {
    router.get('/esi/realisation', [RealisationsController, 'index']).as('esi.realisation')
    router
      .get('/esi/realisation/commandes', [RealisationsController, 'commandes'])
      .as('esi.realisation.commandes')
    router
      .patch('/esi/realisation/photos/:id', [RealisationsController, 'update'])
      .where('id', BIGINT_ID_MATCHER)
      .as('esi.realisation.update')
  })
  .use(esiStack())

router
  .group(() => {
    router
      .delete('/esi/realisation/photos/:id', [RealisationsController, 'destroy'])
      .where('id', BIGINT_ID_MATCHER)
      .as('admin.realisation.destroy')
  })
  .use(adminStack())

// The portfolio the company links from its website: anyone, public photos only (decision 533)
router.get('/realisations', [PublicRealisationsController, 'index']).as('public.realisations')
router
  .get('/realisations/photos/:id', [PublicRealisationsController, 'photo'])
  .where('id', BIGINT_ID_MATCHER)
  .as('public.realisations.photo')
