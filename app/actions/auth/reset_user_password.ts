import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import PasswordResetToken from '#models/password_reset_token'
import { hashResetToken } from '#actions/auth/send_password_reset_link'
import { endAllSessions } from '#services/end_sessions'

/** The user a reset token belongs to, while it is unused and younger than 60 minutes. */
export async function findResetTokenUser(token: string): Promise<User | null> {
  if (!token || token.length > 200) return null
  const row = await PasswordResetToken.query()
    .where('token_hash', hashResetToken(token))
    .where('expires_at', '>', DateTime.now().toSQL()!)
    .first()
  return row ? User.find(row.userId) : null
}

/**
 * Sets the new password and burns the token (single use), then ends every session and
 * remember-me token of the user: whoever had the old password is out. It never logs in: the
 * user logs in himself, through the two-factor challenge when it is on (ASVS 6.4.3).
 */
export default class ResetUserPassword {
  async handle(token: string, password: string): Promise<User | null> {
    const user = await findResetTokenUser(token)
    if (!user) return null
    // Deleting the row is the single-use guard: a concurrent second use finds nothing to delete
    const deleted = await db
      .from('password_reset_tokens')
      .where('token_hash', hashResetToken(token))
      .delete()
    if (Number(deleted) !== 1) return null
    await PasswordResetToken.query().where('user_id', user.id).delete()
    user.password = password
    await user.save()
    await endAllSessions(user.id)
    return user
  }
}
