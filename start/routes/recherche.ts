/* The global search (issue 4): staff only, like the header field that leads to it. */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const RechercheController = () => import('#controllers/esi/recherche_controller')

router
  .group(() => {
    router.get('/recherhce', [RechercheController, 'show']).as('esi.recherche')
  })
  .use(esiStack())
