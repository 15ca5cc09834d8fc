/*
 * Attempt limits of the auth flows (security-reliability-performance.md §A2): 5 login tries a
 * minute per email+IP, 5 second-factor or password-confirmation tries a minute per user, one
 * reset link a minute per email, verification emails 1 a minute and 6 an hour per user.
 */
import limiter from '@adonisjs/limiter/services/main'
import type { Limiter } from '@adonisjs/limiter'

// Options objects are made per call: the limiter manager parses (mutates) them
export const limiters = {
  /** Failed attempts, penalised; 5 a minute, then blocked for a minute. */
  attempts: () => limiter.use({ requests: 5, duration: '1 min', blockDuration: '1 min' }),
  perMinute: () => limiter.use({ requests: 1, duration: '1 min' }),
  sixPerHour: () => limiter.use({ requests: 6, duration: '1 hour' }),
}

export const throttleKeys = {
  login: (email: string, ip: string) => `login:${email.trim().toLowerCase()}|${ip}`,
  twoFactor: (userId: number) => `two_factor:${userId}`,
  stepUp: (userId: number) => `step_up:${userId}`,
  confirmPassword: (userId: number) => `confirm_password:${userId}`,
  forgotPassword: (email: string) => `forgot_password:${email.trim().toLowerCase()}`,
  // One key per limit: the database and Redis stores keep every limiter's counts in one table
  verificationMinute: (userId: number) => `verification_minute:${userId}`,
  verificationHour: (userId: number) => `verification_hour:${userId}`,
}

/** Seconds to wait before the next try (0 = allowed now), over one or more limits. */
export async function secondsToWait(checks: [Limiter, string][]): Promise<number> {
  let wait = 0
  for (const [l, key] of checks) {
    const state = await l.get(key)
    if (state && state.remaining <= 0) wait = Math.max(wait, state.availableIn, 1)
  }
  return wait
}

/** Counts one try against each limit. */
export async function countTry(checks: [Limiter, string][]) {
  for (const [l, key] of checks) await l.increment(key)
}

/** Counts a failed try; at the limit the key is blocked for the block duration. */
export async function countFailure(l: Limiter, key: string) {
  const state = await l.increment(key)
  if (state.consumed >= state.limit && l.blockDuration) await l.block(key, l.blockDuration)
}

export async function clearTries(l: Limiter, key: string) {
  await l.delete(key)
}

function seconds(n: number) {
  return n > 1 ? `${n} secondes` : '1 seconde'
}

export function tooManyAttemptsMessage(wait: number): string {
  return `Trop de tentatives. Veuillez réessayer dans ${seconds(wait)}.`
}

export function waitBeforeResendMessage(wait: number): string {
  return `Veuillez patienter ${seconds(wait)} avant de demander un nouvel e-mail.`
}
