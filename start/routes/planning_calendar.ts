/*
 * Issue 13 §1 — the calendar pages of both plannings (helper A replaces the placeholder).
 */
import router from '@adonisjs/core/services/router'
import { esiStack, placeholder } from '#start/route_stacks'

router
  .group(() => {
    router.get('/esi/planning/com', placeholder).as('esi.planning.com')
    router.get('/esi/planning/tec', placeholder).as('esi.planning.tec')
  })
  .use(esiStack())
