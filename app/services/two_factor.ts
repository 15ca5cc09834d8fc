/*
 * TOTP (RFC 6238: SHA1, 6 digits, 30 s, ±1 step) with the secret encrypted at rest, replay
 * refused by remembering the last accepted time step, and the settings status for the UI.
 */
import { Secret, TOTP } from 'otpauth'
import QRCode from 'qrcode'
import encryption from '@adonisjs/core/services/encryption'
import type User from '#models/user'
import { APP_NAME } from '#shared/app'
import type { TwoFactorStatus } from '#shared/two_factor'

export const TOTP_PERIOD = 30
const TOTP_WINDOW = 1
const SECRET_PURPOSE = 'two_factor_secret'
/** Flash key of the recovery codes shown once. */
export const RECOVERY_CODES_FLASH = 'two_factor_recovery_codes'

/** A new random secret (160 bits from the CSPRNG, ASVS 6.5.3), base32. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32
}

export function encryptTotpSecret(base32: string): string {
  return encryption.encrypt(base32, undefined, SECRET_PURPOSE)
}

export function decryptTotpSecret(stored: string | null): string | null {
  if (!stored) return null
  return encryption.decrypt<string>(stored, SECRET_PURPOSE)
}

export function totpFor(email: string, base32: string): TOTP {
  return new TOTP({
    issuer: APP_NAME,
    label: email,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(base32),
  })
}

export function timeStep(now = Date.now()): number {
  return Math.floor(now / 1000 / TOTP_PERIOD)
}

/** The time step a code belongs to (within ±1 step of now), or null when it matches none. */
export function matchingStep(base32: string, code: string, now = Date.now()): number | null {
  const token = code.replace(/\s+/g, '')
  if (!/^\d{6}$/.test(token)) return null
  const delta = totpFor('', base32).validate({ token, window: TOTP_WINDOW, timestamp: now })
  return delta === null ? null : timeStep(now) + delta
}

/** The current code of a secret (tests, and nothing else). */
export function currentCode(base32: string, now = Date.now()): string {
  return totpFor('', base32).generate({ timestamp: now })
}

export async function qrCodeSvg(uri: string): Promise<string> {
  return QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' })
}

/**
 * What TwoFactorSettings shows for this user; `flashedCodes` are the recovery codes just
 * generated (flashed once under RECOVERY_CODES_FLASH by the controller).
 */
export async function twoFactorStatus(
  user: User,
  flashedCodes?: unknown
): Promise<TwoFactorStatus> {
  const enabled = user.hasTwoFactor
  let pending: TwoFactorStatus['pending'] = null
  const secret = !enabled ? decryptTotpSecret(user.twoFactorSecret) : null
  if (secret) {
    pending = { qr_svg: await qrCodeSvg(totpFor(user.email, secret).toString()), secret }
  }
  const flashed = Array.isArray(flashedCodes) ? (flashedCodes as string[]) : null
  return {
    enabled,
    pending,
    recovery_codes: enabled ? flashed : null,
    recovery_codes_left: enabled ? (user.twoFactorRecoveryCodes ?? []).length : 0,
  }
}
