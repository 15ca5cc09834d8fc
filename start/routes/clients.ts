/*
 * Clients (issue 4): esi/customer Index and Show, create/edit from a modal, CSV export.
 * Deleting is for staff with the admin droit on, after a recent step-up (admin area).
 */
import router from '@adonisjs/core/services/router'
import { adminStack, esiStack } from '#start/route_stacks'
import { BIGINT_ID_MATCHER } from '#services/route_params'

const ClientsController = () => import('#controllers/esi/clients_controller')

router
  .group(() => {
    router.get('/esi/customers', [ClientsController, 'index']).as('esi.customers.index')
    router.get('/esi/customers/export', [ClientsController, 'export']).as('esi.customers.export')
    router.post('/esi/customers', [ClientsController, 'store']).as('esi.customers.store')
    router
      .get('/esi/customers/:id', [ClientsController, 'show'])
      .where('id', BIGINT_ID_MATCHER)
      .as('esi.customers.show')
    router
      .put('/esi/customers/:id', [ClientsController, 'update'])
      .where('id', BIGINT_ID_MATCHER)
      .as('esi.customers.update')
  })
  .use(esiStack())

router
  .group(() => {
    router
      .delete('/esi/customers/:id', [ClientsController, 'destroy'])
      .where('id', BIGINT_ID_MATCHER)
      .as('admin.customers.destroy')
  })
  .use(adminStack())
