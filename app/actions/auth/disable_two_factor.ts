import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'

/** Turns two-factor off: secret, recovery codes and confirmation are erased. */
export default class DisableTwoFactor {
  async handle(actor: Actor, user: User): Promise<void> {
    const wasEnabled = user.hasTwoFactor
    await db.transaction(async (trx) => {
      user.useTransaction(trx)
      user.twoFactorSecret = null
      user.twoFactorRecoveryCodes = null
      user.twoFactorConfirmedAt = null
      user.twoFactorLastStep = null
      await user.save()
      if (wasEnabled) {
        await audit(
          actor,
          { action: 'auth.two_factor_disabled', subjectType: 'user', subjectId: user.id },
          trx
        )
      }
    })
  }
}
