/*
 * Issue 5 — the devis list (esi/devis/Index), its CSV export and the statistics page. The
 * editor's routes (/esi/devis/create, /esi/devis/:id/…) are in start/routes/devis.ts.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const DevisListController = () => import('#controllers/esi/devis_list_controller')
const DevisStatsController = () => import('#controllers/esi/devis_stats_controller')

router
  .group(() => {
    router.get('/esi/devis', [DevisListController, 'index']).as('esi.devis.index')
    router.get('/esi/devis/export', [DevisListController, 'export']).as('esi.devis.export')
    router.get('/esi/devis/stats', [DevisStatsController, 'show']).as('esi.devis.stats')
  })
  .use(esiStack())
