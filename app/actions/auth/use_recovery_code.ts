import hash from '@adonisjs/core/services/hash'
import db from '@adonisjs/lucid/services/db'
import User from '#models/user'
import { normalizeRecoveryCode } from '#actions/auth/generate_recovery_codes'

/**
 * Accepts a recovery code once: its hash is removed in the same transaction that found it,
 * with the user row locked, so a code cannot be used twice (ASVS 6.5.1).
 */
export default class UseRecoveryCode {
  async handle(user: User, input: string): Promise<boolean> {
    const code = normalizeRecoveryCode(input)
    if (code.length !== 11) return false
    return db.transaction(async (trx) => {
      const locked = await User.query({ client: trx }).where('id', user.id).forUpdate().first()
      const hashes = locked?.twoFactorRecoveryCodes ?? []
      for (const [index, stored] of hashes.entries()) {
        if (await hash.verify(stored, code)) {
          locked!.twoFactorRecoveryCodes = hashes.filter((_, i) => i !== index)
          await locked!.save()
          user.twoFactorRecoveryCodes = locked!.twoFactorRecoveryCodes
          return true
        }
      }
      return false
    })
  }
}
