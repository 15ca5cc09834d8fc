/* Clients (issue 4). */
import router from '@adonisjs/core/services/router'
import { esiStack, placeholder } from '#start/route_stacks'

router
  .group(() => {
    router.get('/esi/customers', placeholder).as('esi.customers.index')
  })
  .use(esiStack())
