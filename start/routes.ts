/*
 * Every route, named by area prefix: `public.`, `guest.`, `twofactor.` (a guest between the
 * password and the code), `signed.` (signed email links), `app.` (any logged-in user), `partner.`
 * (pro + esi), `esi.`, `admin.`, `api.`, `preview.`, `dev.` (development tools), `health.` (probes).
 * tests/functional/routes/access_matrix.spec.ts reads this router and checks every route for
 * every kind of visitor, so a new route cannot escape it.
 *
 * Middleware: `verified` everywhere except the profile, the account-security pages and logout
 * (an unverified account reaches only those); `staffTwoFactor` on the partner, esi and admin
 * areas (staff without two-factor are sent to TwoFactorRequired); `confirmPassword` on the
 * two-factor settings and the droit switch.
 */
import app from '@adonisjs/core/services/app'
import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { esiStack } from '#start/route_stacks'
import { BIGINT_ID_MATCHER, ID_MATCHER } from '#services/route_params'

// Every `:id` / `:revision` is a database id in range (else 404 before any controller, never a
// PostgreSQL out-of-range 500); a route whose id is something else says so with its own matcher.
router.where('id', ID_MATCHER)
router.where('revision', ID_MATCHER)
// One file per domain (each owns its routes; same area rules)
import '#start/routes/profile'
import '#start/routes/societes'
import '#start/routes/contacts'
import '#start/routes/clients'
import '#start/routes/produits'
import '#start/routes/textes'
import '#start/routes/recherche'
// Issue 5, the sales pipeline
import '#start/routes/devis'
import '#start/routes/devis_list'
import '#start/routes/documents'
import '#start/routes/offres'
import '#start/routes/bdc'
import '#start/routes/commande_fichiers'
// Issue 14 §4, réalisations (gallery and public portfolio)
import '#start/routes/realisations'
// Issue 11, invoicing
import '#start/routes/factures'
import '#start/routes/paiements'
import '#start/routes/creances'
import '#start/routes/relances'
// Issue 12, commandes
import '#start/routes/mesurage'
// Issue 12, supplier orders and receiving
import '#start/routes/commandes_fournisseur'
// Issue 12, commandes: pose and réception
import '#start/routes/receptions'
import '#start/routes/avenants'
// Issue 12, the commande's timeline
import '#start/routes/commande_etapes'
// Issue 13, the planning
import '#start/routes/planning'
import '#start/routes/planning_calendar'
import '#start/routes/planning_map'
import '#start/routes/planning_journee'
import '#start/routes/planning_ressources'
import '#start/routes/analyse'
// Issue 14 §1, the customer signs a devis online
import '#start/routes/devis_signature'
// Issue 14 §4, the archive
import '#start/routes/archive'

const SessionController = () => import('#controllers/auth/session_controller')
const RegisterController = () => import('#controllers/auth/register_controller')
const DashboardController = () => import('#controllers/dashboard_controller')
const PartenairesController = () => import('#controllers/esi/partenaires_controller')
const AccessTestController = () => import('#controllers/access_test_controller')
const PreviewController = () => import('#controllers/preview_controller')
const UserApiController = () => import('#controllers/api/user_controller')
const NotificationsController = () => import('#controllers/notifications_controller')
const ForgotPasswordController = () => import('#controllers/auth/forgot_password_controller')
const ResetPasswordController = () => import('#controllers/auth/reset_password_controller')
const TwoFactorChallengeController = () =>
  import('#controllers/auth/two_factor_challenge_controller')
const VerifyEmailController = () => import('#controllers/auth/verify_email_controller')
const EmailVerificationPromptController = () =>
  import('#controllers/auth/email_verification_prompt_controller')
const EmailVerificationNotificationController = () =>
  import('#controllers/auth/email_verification_notification_controller')
const ConfirmPasswordController = () => import('#controllers/auth/confirm_password_controller')
const StepUpController = () => import('#controllers/auth/step_up_controller')
const TwoFactorRequiredController = () => import('#controllers/auth/two_factor_required_controller')
const TwoFactorAuthenticationController = () =>
  import('#controllers/auth/two_factor_authentication_controller')
const ConfirmedTwoFactorController = () =>
  import('#controllers/auth/confirmed_two_factor_controller')
const RecoveryCodesController = () => import('#controllers/auth/recovery_codes_controller')
const DevMailsController = () => import('#controllers/dev/mails_controller')
const HealthController = () => import('#controllers/public/health_controller')

// Landing: open to everyone, the header adapts to guests and logged-in users
router.on('/').renderInertia('Welcome', {}).as('public.welcome')

// Probes of the proxy / orchestrator (issue 15 §4): answered by the health middleware, before
// any session; named here for the route table
router.get('/health', [HealthController, 'live']).as('health.live')
router.get('/health/ready', [HealthController, 'ready']).as('health.ready')

router
  .group(() => {
    router.get('/login', [SessionController, 'create']).as('guest.login')
    router.post('/login', [SessionController, 'store']).as('guest.login.store')
    router.get('/register', [RegisterController, 'create']).as('guest.register')
    router.post('/register', [RegisterController, 'store']).as('guest.register.store')
    router
      .get('/forgot-password', [ForgotPasswordController, 'create'])
      .as('guest.password.request')
    router.post('/forgot-password', [ForgotPasswordController, 'store']).as('guest.password.email')
    router
      .get('/reset-password/:token', [ResetPasswordController, 'create'])
      .as('guest.password.reset')
    router.post('/reset-password', [ResetPasswordController, 'store']).as('guest.password.update')
  })
  .use(middleware.guest())

// The login's second step: a guest whose password was right, until the code is given
router
  .group(() => {
    router
      .get('/two-factor-challenge', [TwoFactorChallengeController, 'create'])
      .as('twofactor.challenge')
    router
      .post('/two-factor-challenge', [TwoFactorChallengeController, 'store'])
      .as('twofactor.challenge.store')
  })
  .use(middleware.guest())

// The link of the verification email: the signature is the guard, no session needed
router.get('/email/verify/:id/:hash', [VerifyEmailController, 'verify']).as('signed.email.verify')

// Any logged-in user, verified or not: profile, account security, logout
router
  .group(() => {
    router.post('/logout', [SessionController, 'destroy']).as('app.logout')
    router
      .get('/email/verify', [EmailVerificationPromptController, 'create'])
      .as('app.verification.notice')
    router
      .post('/email/verification-notification', [EmailVerificationNotificationController, 'store'])
      .as('app.verification.send')
    router
      .get('/confirm-password', [ConfirmPasswordController, 'create'])
      .as('app.password.confirm')
    router
      .post('/confirm-password', [ConfirmPasswordController, 'store'])
      .as('app.password.confirm.store')
    router.get('/user/step-up', [StepUpController, 'create']).as('app.step_up')
    router.post('/user/step-up', [StepUpController, 'store']).as('app.step_up.store')
    router
      .get('/two-factor-required', [TwoFactorRequiredController, 'create'])
      .as('app.two_factor.required')

    // Two-factor settings (TwoFactorSettings), behind a password confirmed in the last 3 hours
    router
      .group(() => {
        router
          .post('/user/two-factor-authentication', [TwoFactorAuthenticationController, 'store'])
          .as('app.two_factor.enable')
        router
          .delete('/user/two-factor-authentication', [TwoFactorAuthenticationController, 'destroy'])
          .as('app.two_factor.disable')
        router
          .post('/user/confirmed-two-factor-authentication', [
            ConfirmedTwoFactorController,
            'store',
          ])
          .as('app.two_factor.confirm')
        router
          .post('/user/two-factor-recovery-codes', [RecoveryCodesController, 'store'])
          .as('app.two_factor.recovery_codes')
      })
      .use(middleware.confirmPassword())
  })
  .use(middleware.auth())

// Any logged-in user with a verified address (DESIGN.md §4 "other")
router
  .group(() => {
    router.get('/dashboard', [DashboardController, 'show']).as('app.dashboard')
    router
      .get('/notifications/:id', [NotificationsController, 'open'])
      .where('id', BIGINT_ID_MATCHER)
      .as('app.notifications.open')
    router
      .post('/notifications/read-all', [NotificationsController, 'readAll'])
      .as('app.notifications.read_all')
  })
  .use([middleware.auth(), middleware.verified()])

// Staff only
router
  .group(() => {
    router.get('/esi/dashboard-pro', [PartenairesController, 'index']).as('esi.dashboard_pro')
    router
      .get('/esi/pro/:id', [PartenairesController, 'show'])
      .where('id', ID_MATCHER)
      .as('esi.pro.show')
    router.get('/test-access', [AccessTestController, 'show']).as('esi.test_access')

    // Template demonstration pages (sample data), staff only
    router.get('/preview/backend', [PreviewController, 'backend']).as('preview.backend')
    router
      .get('/preview/backend-boxed', [PreviewController, 'backendBoxed'])
      .as('preview.backend_boxed')
    router.get('/preview/auth', [PreviewController, 'auth']).as('preview.auth')
    router.get('/preview/landing', [PreviewController, 'landing']).as('preview.landing')
    router.get('/preview/specials/:page', [PreviewController, 'special']).as('preview.specials')
    router.get('/preview/errors/:code', [PreviewController, 'error']).as('preview.errors')
  })
  .use(esiStack())

// JSON API of SPEC.md §7 (XHR from the layout); guests get 401 JSON. The current user object
// stays readable by an unverified account (its profile); everything else needs a verified one.
router
  .group(() => {
    router.get('/user', [UserApiController, 'show']).as('api.user')
    router
      .group(() => {
        router.get('/user/societes', [UserApiController, 'societes']).as('api.user.societes')
        // Switching droit admin on also asks for a recent step-up (in the controller)
        router
          .put('/user/role', [UserApiController, 'updateDroit'])
          .as('api.user.role')
          .use(middleware.confirmPassword())
        router
          .put('/user/acces-role', [UserApiController, 'updateAccesRole'])
          .as('api.user.acces_role')
          .use(middleware.staffTwoFactor())
      })
      .use(middleware.verified())
  })
  .prefix('/api')
  .use(middleware.auth())

// Development tools, never registered in production: the kept emails (storage/mails)
if (!app.inProduction) {
  router
    .group(() => {
      router.get('/dev/mails', [DevMailsController, 'index']).as('dev.mails.index')
      router
        .get('/dev/mails/:id', [DevMailsController, 'show'])
        .where('id', /^[\w.-]+$/)
        .as('dev.mails.show')
    })
    .use(middleware.devOnly())
}
