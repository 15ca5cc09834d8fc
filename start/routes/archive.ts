/*
 * Issue 14 §4 — the archive: the finished and cancelled commandes and the read-only file of one
 * (esi only). Nothing here writes: the archive has no POST, PUT or DELETE route.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'

const ArchiveController = () => import('#controllers/esi/archive_controller')

router
  .group(() => {
    router.get('/esi/archive', [ArchiveController, 'index']).as('esi.archive')
    router.get('/esi/archive/:id', [ArchiveController, 'show']).as('esi.archive.show')
  })
  .use(esiStack())
