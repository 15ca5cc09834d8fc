import { randomInt } from 'node:crypto'
import hash from '@adonisjs/core/services/hash'
import type User from '#models/user'
import { RECOVERY_CODES_COUNT } from '#shared/two_factor'

// No 0/o, 1/l/i: codes are copied by hand from paper
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

function randomCode(): string {
  let code = ''
  for (let i = 0; i < 10; i++) code += ALPHABET[randomInt(ALPHABET.length)]
  return `${code.slice(0, 5)}-${code.slice(5)}`
}

/** The canonical form of a typed recovery code (case, spaces and dashes forgiven). */
export function normalizeRecoveryCode(input: string): string {
  const raw = input.toLowerCase().replace(/[^a-z0-9]/g, '')
  return raw.length === 10 ? `${raw.slice(0, 5)}-${raw.slice(5)}` : raw
}

/**
 * Makes 8 new recovery codes (CSPRNG, ~50 bits each) and keeps only their scrypt hashes, salted
 * (ASVS 6.5.2). The plain codes are returned to be shown once; older codes stop working.
 */
export default class GenerateRecoveryCodes {
  async handle(user: User): Promise<string[]> {
    const codes = Array.from({ length: RECOVERY_CODES_COUNT }, randomCode)
    user.twoFactorRecoveryCodes = await Promise.all(codes.map((code) => hash.make(code)))
    await user.save()
    return codes
  }
}
