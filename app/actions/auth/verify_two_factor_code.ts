import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import { decryptTotpSecret, matchingStep } from '#services/two_factor'

/**
 * Checks a TOTP code and consumes its time step: the same code (or an older one) is refused
 * afterwards, even by a concurrent request — the step is moved forward by one conditional
 * UPDATE (ASVS 6.5.1).
 */
export default class VerifyTwoFactorCode {
  async handle(user: User, code: string): Promise<boolean> {
    const secret = decryptTotpSecret(user.twoFactorSecret)
    if (!secret) return false
    const step = matchingStep(secret, code)
    if (step === null) return false
    const updated = await db
      .from('users')
      .where('id', user.id)
      .where((q) => q.whereNull('two_factor_last_step').orWhere('two_factor_last_step', '<', step))
      .update({ two_factor_last_step: step })
    const count = Array.isArray(updated) ? updated.length : Number(updated)
    if (count !== 1) return false
    user.twoFactorLastStep = step
    return true
  }
}
