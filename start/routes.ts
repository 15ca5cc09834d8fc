/*
 * Every route, named by area prefix: `public.`, `guest.`, `app.` (any logged-in user), `partner.`
 * (pro + esi), `esi.`, `admin.`, `api.`, `preview.`. tests/functional/routes/access_matrix.spec.ts
 * reads this router and checks every route for every role, so a new route cannot escape it.
 */
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const SessionController = () => import('#controllers/auth/session_controller')
const RegisterController = () => import('#controllers/auth/register_controller')
const DashboardController = () => import('#controllers/dashboard_controller')
const PlaceholderController = () => import('#controllers/placeholder_controller')
const AccessTestController = () => import('#controllers/access_test_controller')
const PreviewController = () => import('#controllers/preview_controller')
const UserApiController = () => import('#controllers/api/user_controller')
const NotificationsController = () => import('#controllers/notifications_controller')

const placeholder: [typeof PlaceholderController, 'show'] = [PlaceholderController, 'show']

// Landing: open to everyone, the header adapts to guests and logged-in users
router.on('/').renderInertia('Welcome', {}).as('public.welcome')

router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('guest.login')
    router.post('/login', [SessionController, 'store']).as('guest.login.store')
    router.get('/register', [RegisterController, 'create']).as('guest.register')
    router.post('/register', [RegisterController, 'store']).as('guest.register.store')
  })
  .use(middleware.guest())

// Any logged-in user (DESIGN.md §4 "other")
router
  .group(() => {
    router.post('/logout', [SessionController, 'destroy']).as('app.logout')
    router.get('/dashboard', [DashboardController, 'show']).as('app.dashboard')
    router.get('/profile', placeholder).as('app.profile')
    router.get('/app/company', placeholder).as('app.company.index')
    router.get('/notifications/:id', [NotificationsController, 'open']).as('app.notifications.open')
    router.post('/notifications/read-all', [NotificationsController, 'readAll']).as('app.notifications.read_all')
  })
  .use(middleware.auth())

// Pro partners and staff
router
  .group(() => {
    router.get('/app/contacts', placeholder).as('partner.contacts.index')
    router.get('/app/offres', placeholder).as('partner.offres.index')
  })
  .use([middleware.auth(), middleware.role({ area: 'partner' })])

// Staff only
router
  .group(() => {
    router.get('/esi/dashboard-pro', placeholder).as('esi.dashboard_pro')
    router.get('/esi/customers', placeholder).as('esi.customers.index')
    router.get('/esi/devis', placeholder).as('esi.devis.index')
    router.get('/esi/devis/create', placeholder).as('esi.devis.create')
    router.get('/esi/devis/stats', placeholder).as('esi.devis.stats')
    router.get('/esi/bdc', placeholder).as('esi.bdc.index')
    router.get('/esi/commandes', placeholder).as('esi.commandes.index')
    router.get('/esi/commandes/mesurage', placeholder).as('esi.mesurage.index')
    router.get('/esi/commandes/production', placeholder).as('esi.production.index')
    router.get('/esi/commandes/fourniture', placeholder).as('esi.fourniture.index')
    router.get('/esi/planning/com', placeholder).as('esi.planning.com')
    router.get('/esi/planning/tec', placeholder).as('esi.planning.tec')
    router.get('/esi/compta/facture', placeholder).as('esi.compta.facture')
    router.get('/esi/compta/nc', placeholder).as('esi.compta.nc')
    router.get('/esi/compta/paiements', placeholder).as('esi.compta.paiements')
    router.get('/esi/compta/creance', placeholder).as('esi.compta.creance')
    router.get('/esi/archive', placeholder).as('esi.archive')
    router.get('/esi/realisation', placeholder).as('esi.realisation')
    router.get('/recherhce', placeholder).as('esi.recherche')
    router.get('/test-access', [AccessTestController, 'show']).as('esi.test_access')

    // Template demonstration pages (sample data), staff only
    router.get('/preview/backend', [PreviewController, 'backend']).as('preview.backend')
    router.get('/preview/backend-boxed', [PreviewController, 'backendBoxed']).as('preview.backend_boxed')
    router.get('/preview/auth', [PreviewController, 'auth']).as('preview.auth')
    router.get('/preview/errors/:code', [PreviewController, 'error']).as('preview.errors')
  })
  .use([middleware.auth(), middleware.role({ area: 'esi' })])

// JSON API of SPEC.md §7 (XHR from the layout); guests get 401 JSON
router
  .group(() => {
    router.get('/user', [UserApiController, 'show']).as('api.user')
    router.get('/user/societes', [UserApiController, 'societes']).as('api.user.societes')
    router.put('/user/role', [UserApiController, 'updateDroit']).as('api.user.role')
    router.put('/user/acces-role', [UserApiController, 'updateAccesRole']).as('api.user.acces_role')
  })
  .prefix('/api')
  .use(middleware.auth())
