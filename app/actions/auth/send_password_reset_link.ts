import { createHash, randomBytes } from 'node:crypto'
import { DateTime } from 'luxon'
import { urlFor } from '@adonisjs/core/services/url_builder'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import ResetPasswordNotification from '#mails/reset_password_notification'
import { deliver } from '#services/mail/deliver'
import { appUrl } from '#config/app'

export const RESET_TOKEN_MINUTES = 60

export function hashResetToken(token: string): string {
  return createHash('sha256').update(token).digest('hex')
}

/**
 * Emails a single-use reset link when the address belongs to an account: 32 random bytes,
 * only their sha256 stored, valid 60 minutes; earlier links of the user stop working.
 * Returns the user (for the audit log) or null — the caller answers the same either way.
 */
export default class SendPasswordResetLink {
  async handle(email: string): Promise<User | null> {
    const user = await User.findBy('email', email.trim().toLowerCase())
    if (!user) return null
    const token = randomBytes(32).toString('base64url')
    await PasswordResetToken.query().where('user_id', user.id).delete()
    await PasswordResetToken.create({
      userId: user.id,
      tokenHash: hashResetToken(token),
      expiresAt: DateTime.now().plus({ minutes: RESET_TOKEN_MINUTES }),
    })
    const url = urlFor('guest.password.reset', { token }, { prefixUrl: appUrl })
    await deliver(new ResetPasswordNotification(user, url, RESET_TOKEN_MINUTES))
    return user
  }
}
