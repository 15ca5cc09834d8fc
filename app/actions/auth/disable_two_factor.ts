import type User from '#models/user'

/** Turns two-factor off: secret, recovery codes and confirmation are erased. */
export default class DisableTwoFactor {
  async handle(user: User): Promise<void> {
    user.twoFactorSecret = null
    user.twoFactorRecoveryCodes = null
    user.twoFactorConfirmedAt = null
    user.twoFactorLastStep = null
    await user.save()
  }
}
