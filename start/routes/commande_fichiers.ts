/*
 * Issue 12 — the photos and documents of a commande (esi): upload a work photo, read a file.
 */
import router from '@adonisjs/core/services/router'
import { esiStack } from '#start/route_stacks'
import { BIGINT_ID_MATCHER } from '#services/route_params'

const CommandeFichiersController = () => import('#controllers/esi/commande_fichiers_controller')

router
  .group(() => {
    router
      .post('/esi/commandes/:id/fichiers', [CommandeFichiersController, 'store'])
      .as('esi.commandes.fichiers.store')
    router
      .get('/esi/commandes/:id/fichiers/:fichier', [CommandeFichiersController, 'show'])
      .where('fichier', BIGINT_ID_MATCHER)
      .as('esi.commandes.fichiers.show')
  })
  .use(esiStack())
