import { DateTime } from 'luxon'
import type User from '#models/user'
import VerifyTwoFactorCode from '#actions/auth/verify_two_factor_code'
import GenerateRecoveryCodes from '#actions/auth/generate_recovery_codes'

/**
 * Turns two-factor on once the user proves his app has the secret (a valid code), and returns
 * the 8 recovery codes to show once; null when the code is wrong or nothing is pending.
 */
export default class ConfirmTwoFactor {
  async handle(user: User, code: string): Promise<string[] | null> {
    if (user.hasTwoFactor || !user.twoFactorSecret) return null
    if (!(await new VerifyTwoFactorCode().handle(user, code))) return null
    user.twoFactorConfirmedAt = DateTime.now()
    await user.save()
    return new GenerateRecoveryCodes().handle(user)
  }
}
