/* Contacts of the pro sociétés (issue 4). */
import router from '@adonisjs/core/services/router'
import { partnerStack, placeholder } from '#start/route_stacks'

router
  .group(() => {
    router.get('/app/contacts', placeholder).as('partner.contacts.index')
  })
  .use(partnerStack())
