/* Textes modèles: the company's base texts and the users' overrides (issue 4). */
import router from '@adonisjs/core/services/router'
import { adminStack, esiStack } from '#start/route_stacks'

const TextesController = () => import('#controllers/esi/textes_controller')

// Staff write the company's base texts (docs/DECISIONS.md)
router
  .group(() => {
    router.get('/esi/textes', [TextesController, 'index']).as('esi.textes.index')
    router.get('/esi/textes/create', [TextesController, 'create']).as('esi.textes.create')
    router.post('/esi/textes', [TextesController, 'store']).as('esi.textes.store')
    router.get('/esi/textes/:id', [TextesController, 'edit']).as('esi.textes.edit')
    router.put('/esi/textes/:id', [TextesController, 'update']).as('esi.textes.update')
  })
  .use(esiStack())

// Deleting one is an admin action (droit admin on, recent step-up)
router
  .group(() => {
    router.delete('/esi/textes/:id', [TextesController, 'destroy']).as('admin.textes.destroy')
  })
  .use(adminStack())
