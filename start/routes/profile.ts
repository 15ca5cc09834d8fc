/* Profile/Edit and its parts (issue 3). */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { partnerStack } from '#start/route_stacks'

const ProfileController = () => import('#controllers/profile/profile_controller')
const PasswordController = () => import('#controllers/profile/password_controller')
const UserTextesController = () => import('#controllers/profile/user_textes_controller')

// Reachable by an unverified account too (DESIGN.md: profile and verification only): a typo in
// the address must be fixable, and an account deletable, before the address is verified
router
  .group(() => {
    router.get('/profile', [ProfileController, 'show']).as('app.profile')
    router.put('/profile', [ProfileController, 'update']).as('app.profile.update')
    router.put('/profile/password', [PasswordController, 'update']).as('app.profile.password')
    // The password again in the dialog, and a confirmation younger than 3 hours
    router
      .delete('/profile', [ProfileController, 'destroy'])
      .as('app.profile.destroy')
      .use(middleware.confirmPassword())
  })
  .use(middleware.auth())

// PageTextes: own versions of the base texts, for those who write documents (pro and esi)
router
  .group(() => {
    router
      .post('/profile/textes', [UserTextesController, 'store'])
      .as('partner.profile_textes.store')
    router
      .put('/profile/textes/:id', [UserTextesController, 'update'])
      .as('partner.profile_textes.update')
    router
      .delete('/profile/textes/:id', [UserTextesController, 'destroy'])
      .as('partner.profile_textes.destroy')
  })
  .use(partnerStack())
