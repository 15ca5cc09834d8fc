import hash from '@adonisjs/core/services/hash'
import type { Actor } from '#services/actor'
import type User from '#models/user'
import { audit } from '#services/audit'
import {
  clearTries,
  limiters,
  takeTry,
  throttleKeys,
  tooManyAttemptsMessage,
} from '#services/throttle'
import { WRONG_PASSWORD_MESSAGE } from '#controllers/auth/confirm_password_controller'

export const WRONG_CURRENT_PASSWORD_MESSAGE = 'Le mot de passe actuel est incorrect.'

/**
 * The password of the logged-in user, typed in a profile form. Failures count against the same
 * limit as the password confirmation (5 a minute per user), so a stolen session cannot be used
 * to guess it. Returns null when right, else the French message to show next to the field.
 */
export async function checkCurrentPassword(
  actor: Actor,
  user: User,
  password: string | undefined,
  message: string = WRONG_PASSWORD_MESSAGE
): Promise<string | null> {
  const attempts = limiters.attempts()
  const key = throttleKeys.confirmPassword(user.id)
  const wait = await takeTry(attempts, key)
  if (wait > 0) return tooManyAttemptsMessage(wait)
  if (!password || !(await hash.verify(user.password, password))) {
    await audit(actor, {
      action: 'auth.password_confirm_failed',
      subjectType: 'user',
      subjectId: user.id,
    })
    return message
  }
  await clearTries(attempts, key)
  return null
}
