/*
 * Sociétés and their users (issue 4). `app.`: any verified user; the policy decides per société
 * (his own: see; admin of it: edit and manage users; staff: all). Deleting is for the admin area.
 * The member routes take the membership id; the invitation link is a signed guest route.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { adminStack, appStack } from '#start/route_stacks'

const SocietesController = () => import('#controllers/app/societes_controller')
const SocieteLogoController = () => import('#controllers/app/societe_logo_controller')
const SocieteMembersController = () => import('#controllers/app/societe_members_controller')
const AcceptInvitationController = () => import('#controllers/auth/accept_invitation_controller')

router
  .group(() => {
    router.get('/app/company', [SocietesController, 'index']).as('app.company.index')
    router.get('/app/company/create', [SocietesController, 'create']).as('app.company.create')
    router.post('/app/company', [SocietesController, 'store']).as('app.company.store')
    router.get('/app/company/:id/edit', [SocietesController, 'edit']).as('app.company.edit')
    router.put('/app/company/:id', [SocietesController, 'update']).as('app.company.update')

    router.get('/app/company/:id/logo', [SocieteLogoController, 'show']).as('app.company.logo')
    router
      .post('/app/company/:id/logo', [SocieteLogoController, 'update'])
      .as('app.company.logo.update')
    router
      .delete('/app/company/:id/logo', [SocieteLogoController, 'destroy'])
      .as('app.company.logo.destroy')

    router
      .get('/app/company/:id/users/create', [SocieteMembersController, 'create'])
      .as('app.company.users.create')
    router
      .post('/app/company/:id/users', [SocieteMembersController, 'store'])
      .as('app.company.users.store')
    router
      .get('/app/company/users/:id/edit', [SocieteMembersController, 'edit'])
      .as('app.company.users.edit')
    router
      .put('/app/company/users/:id', [SocieteMembersController, 'update'])
      .as('app.company.users.update')
    router
      .delete('/app/company/users/:id', [SocieteMembersController, 'destroy'])
      .as('app.company.users.destroy')
  })
  .use(appStack())

router
  .delete('/app/company/:id', [SocietesController, 'destroy'])
  .as('admin.company.destroy')
  .use(adminStack())

// The invitation email's link: a guest chooses his password (the signature is checked inside)
router
  .group(() => {
    router
      .get('/invitation/:id', [AcceptInvitationController, 'create'])
      .as('guest.invitation.show')
    router
      .post('/invitation/:id', [AcceptInvitationController, 'store'])
      .as('guest.invitation.store')
  })
  .use(middleware.guest())
