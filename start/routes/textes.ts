/* Textes modèles: the company's base texts and the users' overrides (issue 4). */
import router from '@adonisjs/core/services/router'
import { esiStack, placeholder } from '#start/route_stacks'

router
  .group(() => {
    router.get('/esi/textes', placeholder).as('esi.textes.index')
  })
  .use(esiStack())
