import { DateTime } from 'luxon'
import type User from '#models/user'
import type { Actor } from '#services/actor'
import { audit } from '#services/audit'
import VerifyTwoFactorCode from '#actions/auth/verify_two_factor_code'
import GenerateRecoveryCodes from '#actions/auth/generate_recovery_codes'

/**
 * Turns two-factor on once the user proves his app has the secret (a valid code), and returns
 * the 8 recovery codes to show once; null when the code is wrong or nothing is pending.
 */
export default class ConfirmTwoFactor {
  async handle(actor: Actor, user: User, code: string): Promise<string[] | null> {
    if (user.hasTwoFactor || !user.twoFactorSecret) return null
    if (!(await new VerifyTwoFactorCode().handle(user, code))) return null
    user.twoFactorConfirmedAt = DateTime.now()
    await user.save()
    const codes = await new GenerateRecoveryCodes().handle(user)
    await audit(actor, {
      action: 'auth.two_factor_enabled',
      subjectType: 'user',
      subjectId: user.id,
    })
    return codes
  }
}
