import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import { encryptTotpSecret, newTotpSecret } from '#services/two_factor'

/**
 * Starts the two-factor setup: a new secret, encrypted at rest. It counts only once a code
 * confirms it (ConfirmTwoFactor); until then login does not ask for a code.
 */
export default class EnableTwoFactor {
  async handle(actor: Actor, user: User): Promise<void> {
    await db.transaction(async (trx) => {
      if (!user.hasTwoFactor) {
        user.useTransaction(trx)
        user.twoFactorSecret = encryptTotpSecret(newTotpSecret())
        user.twoFactorConfirmedAt = null
        user.twoFactorRecoveryCodes = null
        user.twoFactorLastStep = null
        await user.save()
      }
      await audit(
        actor,
        { action: 'auth.two_factor_setup_started', subjectType: 'user', subjectId: user.id },
        trx
      )
    })
  }
}
