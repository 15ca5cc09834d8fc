import db from '@adonisjs/lucid/services/db'
import type { Actor } from '#services/actor'
import type User from '#models/user'
import { audit } from '#services/audit'
import { countTry, limiters, throttleKeys } from '#services/throttle'
import SendEmailVerification from '#actions/auth/send_email_verification'

/**
 * Name and e-mail of the profile. A new address is stored lower-cased and unverified, and gets
 * the verification email (the links sent to the old address stop working: they carry its hash).
 */
export default class UpdateProfileInformation {
  async handle(
    actor: Actor,
    user: User,
    data: { name: string; email: string }
  ): Promise<{ emailChanged: boolean }> {
    const before = { name: user.name, email: user.email }
    const email = data.email.trim().toLowerCase()
    const emailChanged = email !== user.email
    if (!emailChanged && data.name === user.name) return { emailChanged }

    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.name = data.name
      if (emailChanged) {
        user.email = email
        user.emailVerifiedAt = null
      }
      await user.save()
      await audit(
        actor,
        {
          action: 'profile.updated',
          subjectType: 'user',
          subjectId: user.id,
          before,
          after: { name: user.name, email: user.email },
        },
        trx
      )
    })

    if (emailChanged) {
      await new SendEmailVerification().handle(user)
      // Counts as a verification email for the resend limits (1 a minute, 6 an hour)
      await countTry([
        [limiters.perMinute(), throttleKeys.verificationMinute(user.id)],
        [limiters.sixPerHour(), throttleKeys.verificationHour(user.id)],
      ])
      await audit(actor, {
        action: 'auth.verification_sent',
        subjectType: 'user',
        subjectId: user.id,
      })
    }
    return { emailChanged }
  }
}
