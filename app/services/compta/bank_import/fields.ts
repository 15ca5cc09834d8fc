/*
 * Small exact conversions shared by both parsers: decimal strings to cents without floats,
 * dates, IBANs, and the unique keys of the lines.
 */
import { createHash } from 'node:crypto'
import { isValidIban, normalizeIban } from '#shared/validation/belgium'

/**
 * "1234.5" → 123450. camt allows up to 5 decimals: digits past the cents must be zeros (an
 * amount we cannot hold in cents is refused, never rounded). null when not a decimal.
 */
export function decimalToCents(text: string): number | null {
  const m = /^(\d{1,13})(?:\.(\d{1,5}))?$/.exec(text.trim())
  if (!m) return null
  const fraction = (m[2] ?? '').padEnd(5, '0')
  if (fraction.slice(2) !== '000') return null
  return Number(m[1]) * 100 + Number(fraction.slice(0, 2))
}

/**
 * CODA amount field: 15 digits, 12 integer + 3 decimals ("000000001234560" → 123456). The
 * third decimal is always 0 for euros; anything else cannot be held in cents and is refused.
 */
export function codaAmountToCents(field: string): number | null {
  if (!/^\d{15}$/.test(field) || field[14] !== '0') return null
  return Number(field.slice(0, 12)) * 100 + Number(field.slice(12, 14))
}

/** yyyy-mm-dd that exists in the calendar, else null */
export function isoDate(year: number, month: number, day: number): string | null {
  const d = new Date(Date.UTC(year, month - 1, day))
  if (d.getUTCFullYear() !== year || d.getUTCMonth() !== month - 1 || d.getUTCDate() !== day) {
    return null
  }
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** CODA DDMMYY (years 00–99 → 2000–2099: the format is from 1990s but files are recent) */
export function codaDate(field: string): string | null {
  if (!/^\d{6}$/.test(field)) return null
  return isoDate(
    2000 + Number(field.slice(4, 6)),
    Number(field.slice(2, 4)),
    Number(field.slice(0, 2))
  )
}

/** camt Dt "2025-03-14" or DtTm "2025-03-14T09:12:00+01:00" → "2025-03-14" (the bank's day) */
export function camtDate(text: string | undefined): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(text?.trim() ?? '')
  return m ? isoDate(Number(m[1]), Number(m[2]), Number(m[3])) : null
}

/** An old Belgian account number (12 digits, mod 97) as its IBAN; other strings unchanged. */
export function accountToIban(raw: string | null | undefined): string | null {
  const text = normalizeIban(raw ?? '')
  if (!text) return null
  if (/^\d{12}$/.test(text) && Number(text.slice(0, 10)) % 97 === Number(text.slice(10)) % 97) {
    // BE = 11 14; the check digits are 98 − (number + "111400") mod 97
    const check = 98 - Number(BigInt(`${text}111400`) % 97n)
    const iban = `BE${String(check).padStart(2, '0')}${text}`
    if (isValidIban(iban)) return iban
  }
  return text
}

/** Text fields: trimmed, inner runs of spaces collapsed, empty → null */
export function clean(text: string | null | undefined): string | null {
  const out = (text ?? '').replace(/\s+/g, ' ').trim()
  return out === '' ? null : out
}

/** A short stable fingerprint when a file gives no identifier for a line */
export function fingerprint(parts: Array<string | number | null>): string {
  return createHash('sha256')
    .update(parts.map((p) => String(p ?? '')).join('\u001f'))
    .digest('hex')
    .slice(0, 32)
}

/**
 * Keys must be unique within a file too: a second line with the same key (a bank repeating a
 * reference) gets "#2", "#3"… in file order, so re-importing the same file gives the same keys.
 */
export function dedupeKeys<T extends { unique_key: string }>(lines: T[]): T[] {
  const seen = new Map<string, number>()
  return lines.map((line) => {
    const count = (seen.get(line.unique_key) ?? 0) + 1
    seen.set(line.unique_key, count)
    return count === 1 ? line : { ...line, unique_key: `${line.unique_key}#${count}` }
  })
}
