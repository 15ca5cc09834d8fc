/*
 * Issue 14 §3 — the analyses of the staff menu: each page and its CSV / XLSX export
 * (?du=&au=, ?format=xlsx), staff only.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const AnalyseController = () => import('#controllers/esi/analyse_controller')

router
  .group(() => {
    router
      .get('/esi/analyse/chiffre-affaires', [AnalyseController, 'chiffreAffaires'])
      .as('esi.analyse.chiffre_affaires')
    router
      .get('/esi/analyse/chiffre-affaires/export', [AnalyseController, 'exportChiffreAffaires'])
      .as('esi.analyse.chiffre_affaires.export')
    router
      .get('/esi/analyse/rentabilite', [AnalyseController, 'rentabilite'])
      .as('esi.analyse.rentabilite')
    router
      .get('/esi/analyse/rentabilite/export', [AnalyseController, 'exportRentabilite'])
      .as('esi.analyse.rentabilite.export')
    router
      .get('/esi/analyse/acceptation', [AnalyseController, 'acceptation'])
      .as('esi.analyse.acceptation')
    router
      .get('/esi/analyse/acceptation/export', [AnalyseController, 'exportAcceptation'])
      .as('esi.analyse.acceptation.export')
    router
      .get('/esi/analyse/techniciens', [AnalyseController, 'techniciens'])
      .as('esi.analyse.techniciens')
    router
      .get('/esi/analyse/techniciens/export', [AnalyseController, 'exportTechniciens'])
      .as('esi.analyse.techniciens.export')
  })
  .use(esiStack())
