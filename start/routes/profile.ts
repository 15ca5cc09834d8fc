/* Profile/Edit and its parts (issue 3). */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { placeholder } from '#start/route_stacks'

// Reachable by an unverified account too (DESIGN.md: profile and verification only)
router
  .group(() => {
    router.get('/profile', placeholder).as('app.profile')
  })
  .use(middleware.auth())
