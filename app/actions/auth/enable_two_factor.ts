import type User from '#models/user'
import { encryptTotpSecret, newTotpSecret } from '#services/two_factor'

/**
 * Starts the two-factor setup: a new secret, encrypted at rest. It counts only once a code
 * confirms it (ConfirmTwoFactor); until then login does not ask for a code.
 */
export default class EnableTwoFactor {
  async handle(user: User): Promise<void> {
    if (user.hasTwoFactor) return
    user.twoFactorSecret = encryptTotpSecret(newTotpSecret())
    user.twoFactorConfirmedAt = null
    user.twoFactorRecoveryCodes = null
    user.twoFactorLastStep = null
    await user.save()
  }
}
