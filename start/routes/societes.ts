/* Sociétés and their users (issue 4). */
import router from '@adonisjs/core/services/router'
import { appStack, placeholder } from '#start/route_stacks'

router
  .group(() => {
    router.get('/app/company', placeholder).as('app.company.index')
  })
  .use(appStack())
