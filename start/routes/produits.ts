/* Product catalogue (issue 4). */
import router from '@adonisjs/core/services/router'
import { esiStack, placeholder } from '#start/route_stacks'

router
  .group(() => {
    router.get('/esi/produits', placeholder).as('esi.produits.index')
  })
  .use(esiStack())
