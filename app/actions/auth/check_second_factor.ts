import type User from '#models/user'
import VerifyTwoFactorCode from '#actions/auth/verify_two_factor_code'
import UseRecoveryCode from '#actions/auth/use_recovery_code'

export type SecondFactor = 'totp' | 'recovery_code'

/** A TOTP code or, failing that, a recovery code: which one worked, or null. */
export default class CheckSecondFactor {
  async handle(
    user: User,
    input: { code?: string | null; recovery_code?: string | null }
  ): Promise<SecondFactor | null> {
    if (!user.hasTwoFactor) return null
    if (input.code && (await new VerifyTwoFactorCode().handle(user, input.code))) return 'totp'
    if (input.recovery_code && (await new UseRecoveryCode().handle(user, input.recovery_code))) {
      return 'recovery_code'
    }
    return null
  }
}
