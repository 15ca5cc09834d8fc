import router from '@adonisjs/core/services/router'
import server from '@adonisjs/core/services/server'
import app from '@adonisjs/core/services/app'

server.errorHandler(() => import('#exceptions/handler'))

server.use([
  // The requests running, which a SIGTERM waits for (start/drain.ts, decision 851)
  () => import('#middleware/in_flight_middleware'),
  // One JSON line per request: request id, user, route, status, duration (issue 15 §4)
  () => import('#middleware/access_log_middleware'),
  () => import('#middleware/container_bindings_middleware'),
  () => import('#middleware/security_headers_middleware'),
  // /health and /health/ready answered here, before any session (issue 15 §4)
  () => import('#middleware/health_middleware'),
  // The public files, only for paths that can be one (decision 639)
  () => import('#middleware/static_files_middleware'),
  // Vite's dev server only outside production (in production it answered next() for nothing)
  ...(app.inProduction ? [] : [() => import('@adonisjs/vite/vite_middleware')]),
  // The session cookie sent only when its expiry or id moves (decision 685)
  () => import('#middleware/session_cookie_middleware'),
  // Session and auth at server level so that a 404 (no route matched) still knows the user
  () => import('@adonisjs/session/session_middleware'),
  () => import('@adonisjs/auth/initialize_auth_middleware'),
  () => import('#middleware/silent_auth_middleware'),
  () => import('#middleware/inertia_middleware'),
])

router.use([
  // Before the bodyparser: multipart only on the upload routes, their temp files deleted at the end
  () => import('#middleware/upload_guard_middleware'),
  () => import('@adonisjs/core/bodyparser_middleware'),
  // Control characters and lone surrogates out of query, body and params (issue 10)
  () => import('#middleware/clean_input_middleware'),
  // shield reads ctx.route, so it stays a router middleware; its guards built once and the
  // XSRF cookie sent only when needed (decisions 684, 686)
  () => import('#middleware/shield_middleware'),
])

export const middleware = router.named({
  guest: () => import('#middleware/guest_middleware'),
  auth: () => import('#middleware/auth_middleware'),
  role: () => import('#middleware/role_middleware'),
  verified: () => import('#middleware/verified_middleware'),
  confirmPassword: () => import('#middleware/confirm_password_middleware'),
  stepUp: () => import('#middleware/step_up_middleware'),
  staffTwoFactor: () => import('#middleware/staff_two_factor_middleware'),
  devOnly: () => import('#middleware/dev_only_middleware'),
})
