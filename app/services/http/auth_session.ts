/*
 * What the session remembers about the user's proofs: when the password was last confirmed
 * (3 h), when a second factor was last given (step-up, 15 min), and a login waiting for its
 * two-factor code (5 min). Timestamps are epoch milliseconds.
 */
import type { HttpContext } from '@adonisjs/core/http'
import type User from '#models/user'

export const PASSWORD_CONFIRMED_KEY = 'password_confirmed_at'
export const STEP_UP_KEY = 'two_factor_step_up_at'
export const PENDING_LOGIN_KEY = 'login_pending'

export const PASSWORD_TIMEOUT_MS = 3 * 60 * 60 * 1000
export const STEP_UP_TIMEOUT_MS = 15 * 60 * 1000
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000

type Session = HttpContext['session']

function isRecent(value: unknown, maxAgeMs: number): boolean {
  return typeof value === 'number' && value <= Date.now() && Date.now() - value < maxAgeMs
}

export function markPasswordConfirmed(session: Session) {
  session.put(PASSWORD_CONFIRMED_KEY, Date.now())
}

export function passwordRecentlyConfirmed(session: Session): boolean {
  return isRecent(session.get(PASSWORD_CONFIRMED_KEY), PASSWORD_TIMEOUT_MS)
}

export function markSteppedUp(session: Session) {
  session.put(STEP_UP_KEY, Date.now())
}

export function recentlySteppedUp(session: Session): boolean {
  return isRecent(session.get(STEP_UP_KEY), STEP_UP_TIMEOUT_MS)
}

export interface PendingLogin {
  userId: number
  remember: boolean
}

/** The password was right; the login now waits for the second factor. */
export function putPendingLogin(session: Session, user: User, remember: boolean) {
  session.put(PENDING_LOGIN_KEY, { userId: user.id, remember, at: Date.now() })
}

/** The waiting login, or null when there is none or it is older than 5 minutes. */
export function pendingLogin(session: Session): PendingLogin | null {
  const value = session.get(PENDING_LOGIN_KEY) as
    { userId?: unknown; remember?: unknown; at?: unknown } | undefined
  if (!value || typeof value.userId !== 'number' || !isRecent(value.at, PENDING_LOGIN_TTL_MS)) {
    if (value) session.forget(PENDING_LOGIN_KEY)
    return null
  }
  return { userId: value.userId, remember: value.remember === true }
}

export function clearPendingLogin(session: Session) {
  session.forget(PENDING_LOGIN_KEY)
}
