/*
 * Belgian identifiers (DESIGN.md §2–§3), shared by the VineJS rules and the React forms:
 * VAT / enterprise number (mod 97), IBAN (ISO 13616 mod 97), structured communication.
 */

/** "be 0456.789.012" → "BE0456789012"; a 9-digit old number gets its leading 0. */
export function normalizeBeVat(input: string): string {
  const compact = input.toUpperCase().replace(/[\s.\-/]/g, '')
  const digits = compact.startsWith('BE') ? compact.slice(2) : compact
  return `BE${digits.length === 9 ? `0${digits}` : digits}`
}

/** BE + 10 digits, first 0 or 1, last two = 97 − (first eight mod 97). */
export function isValidBeVat(input: string): boolean {
  const vat = normalizeBeVat(input)
  const m = vat.match(/^BE([01]\d{7})(\d{2})$/)
  if (!m) return false
  return 97 - (Number(m[1]) % 97) === Number(m[2])
}

/** Lengths of the IBANs we meet (SEPA neighbours); other countries: 15 to 34 characters. */
const IBAN_LENGTHS: Record<string, number> = {
  BE: 16,
  FR: 27,
  NL: 18,
  LU: 20,
  DE: 22,
  ES: 24,
  IT: 27,
  PT: 25,
  CH: 21,
  GB: 22,
  IE: 22,
  AT: 20,
}

export function normalizeIban(input: string): string {
  return input.toUpperCase().replace(/[\s-]/g, '')
}

/** ISO 13616: move the first four characters to the end, letters → numbers, mod 97 = 1. */
export function isValidIban(input: string): boolean {
  const iban = normalizeIban(input)
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false
  const expected = IBAN_LENGTHS[iban.slice(0, 2)]
  if (expected && iban.length !== expected) return false
  const rearranged = iban.slice(4) + iban.slice(0, 4)
  let remainder = 0
  for (const ch of rearranged) {
    const value = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch
    for (const digit of value) remainder = (remainder * 10 + Number(digit)) % 97
  }
  return remainder === 1
}

/** "BE68539007547034" → "BE68 5390 0754 7034" */
export function formatIban(input: string): string {
  return normalizeIban(input).replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * Belgian structured communication +++ddd/dddd/dddcc+++ from a 10-digit base:
 * cc = base mod 97, 97 when the remainder is 0.
 */
export function structuredCommunication(base: number | string): string {
  const digits = String(base).padStart(10, '0')
  if (!/^\d{10}$/.test(digits)) throw new RangeError('La base doit compter au plus 10 chiffres')
  const check = Number(BigInt(digits) % 97n) || 97
  const all = digits + String(check).padStart(2, '0')
  return `+++${all.slice(0, 3)}/${all.slice(3, 7)}/${all.slice(7)}+++`
}

export function isValidStructuredCommunication(input: string): boolean {
  const digits = input.replace(/[+/\s*]/g, '')
  if (!/^\d{12}$/.test(digits)) return false
  const check = Number(BigInt(digits.slice(0, 10)) % 97n) || 97
  return check === Number(digits.slice(10))
}

/**
 * A communication as banks and payers write it ("+++090/9337/55493+++", "***090…***",
 * "090933755493", "090/9337/55493") → "+++090/9337/55493+++", or null when it is not 12 digits
 * passing the mod-97 check (a bank statement may carry anything in that field).
 */
export function normalizeStructuredCommunication(input: string | null | undefined): string | null {
  if (!input) return null
  const digits = input.replace(/[+/\s*]/g, '')
  if (!/^\d{12}$/.test(digits) || !isValidStructuredCommunication(digits)) return null
  return `+++${digits.slice(0, 3)}/${digits.slice(3, 7)}/${digits.slice(7)}+++`
}
