/*
 * Contacts of the pro sociétés (issue 4): partners (their sociétés' contacts) and staff (all).
 * Create and edit happen in a modal of Contacts/Index and Contacts/Show.
 */
import router from '@adonisjs/core/services/router'
import { partnerStack } from '#start/route_stacks'

const ContactsController = () => import('#controllers/app/contacts_controller')

router
  .group(() => {
    router.get('/app/contacts', [ContactsController, 'index']).as('partner.contacts.index')
    router.post('/app/contacts', [ContactsController, 'store']).as('partner.contacts.store')
    router.get('/app/contacts/:id', [ContactsController, 'show']).as('partner.contacts.show')
    router.put('/app/contacts/:id', [ContactsController, 'update']).as('partner.contacts.update')
    router
      .delete('/app/contacts/:id', [ContactsController, 'destroy'])
      .as('partner.contacts.destroy')
  })
  .use(partnerStack())
