/*
 * The middleware stack of each area, shared by start/routes.ts and the per-domain route files
 * under start/routes/. The area in a route's name prefix must match the stack it uses (the route ×
 * role test reads the prefix).
 */
import { middleware } from '#start/kernel'

/** `app.`: any logged-in user with a verified address. */
export const appStack = () => [middleware.auth(), middleware.verified()]

/** `partner.`: pro partners and staff (staff need two-factor). */
export const partnerStack = () => [
  middleware.auth(),
  middleware.verified(),
  middleware.role({ area: 'partner' }),
  middleware.staffTwoFactor(),
]

/** `esi.`: staff only. */
export const esiStack = () => [
  middleware.auth(),
  middleware.verified(),
  middleware.role({ area: 'esi' }),
  middleware.staffTwoFactor(),
]

/** `admin.`: staff with the admin droit switched on, after a recent step-up. */
export const adminStack = () => [
  middleware.auth(),
  middleware.verified(),
  middleware.role({ area: 'admin' }),
  middleware.staffTwoFactor(),
  middleware.stepUp(),
]
