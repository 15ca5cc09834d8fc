/*
 * Issue 11 — créances and the accountant's exports (esi only). The créances page keeps the
 * SPEC.md §2 URL and its name (`esi.compta.creance`).
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'
import { BIGINT_ID_MATCHER } from '#services/route_params'

const CreancesController = () => import('#controllers/esi/creances_controller')
const ComptaExportsController = () => import('#controllers/esi/compta_exports_controller')

router
  .group(() => {
    router.get('/esi/compta/creance', [CreancesController, 'index']).as('esi.compta.creance')
    router
      .get('/esi/compta/creance/export', [CreancesController, 'export'])
      .as('esi.compta.creance.export')
    router
      .get('/esi/compta/creance/client/:id', [CreancesController, 'client'])
      .where('id', BIGINT_ID_MATCHER)
      .as('esi.compta.creance.client')
    router.get('/esi/compta/exports', [ComptaExportsController, 'index']).as('esi.compta.exports')
    router
      .get('/esi/compta/exports/journal-ventes', [ComptaExportsController, 'journalVentes'])
      .as('esi.compta.exports.journal_ventes')
    router
      .get('/esi/compta/exports/paiements', [ComptaExportsController, 'paiements'])
      .as('esi.compta.exports.paiements')
  })
  .use(esiStack())
