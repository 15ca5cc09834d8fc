/*
 * Code lists and identifiers of the Peppol UBL (issue 11 §5), shared by the generator and the
 * rule checks.
 */
import { UNITES, type Unite } from '#shared/produits'
import { normalizeBeVat } from '#shared/validation/belgium'
import { MENTION_AUTOLIQUIDATION } from '#shared/document'

export const NS = {
  invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  creditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
} as const

export const CUSTOMIZATION_ID =
  'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'
export const PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0'

/** Electronic address scheme (EAS) and ICD of the Belgian enterprise number (BCE/KBO). */
export const SCHEME_BE_ENTERPRISE = '0208'

/**
 * The app's units (shared/produits.ts UNITES) → UN/ECE Recommendation 20 (BR-CL-23).
 * « ml » is the mètre linéaire: a length, so MTR. « forfait » is one lump-sum unit: C62 (« one »).
 */
export const UNIT_CODES: Record<Unite, string> = {
  piece: 'H87',
  m2: 'MTK',
  ml: 'MTR',
  forfait: 'C62',
  heure: 'HUR',
}

/**
 * The subset of UN/ECE rec 20 (with rec 21) codes BR-CL-23 accepts here: every code the map above
 * produces and the ones a hand-typed unit could plausibly mean. The full list has ~2 000 codes;
 * a code outside this subset is refused rather than sent unchecked.
 */
export const ALLOWED_UNIT_CODES = new Set([
  'H87', // piece
  'C62', // one
  'EA', // each
  'LS', // lump sum
  'SET', // set
  'PR', // pair
  'MTK', // square metre
  'MTR', // metre
  'MTQ', // cubic metre
  'KMT', // kilometre
  'CMT', // centimetre
  'MMT', // millimetre
  'HUR', // hour
  'MIN', // minute
  'DAY', // day
  'WEE', // week
  'MON', // month
  'KGM', // kilogram
  'TNE', // tonne
  'LTR', // litre
  'XPP', // package (rec 21)
  'XBX', // box (rec 21)
])

/** App unit (or an already valid code) → rec 20 code; unknown or empty → C62 (« one »). */
export function unitCode(unit: string | null | undefined): string {
  if (!unit) return 'C62'
  if ((UNITES as readonly string[]).includes(unit)) return UNIT_CODES[unit as Unite]
  const upper = unit.trim().toUpperCase()
  return ALLOWED_UNIT_CODES.has(upper) ? upper : 'C62'
}

/**
 * Exemption reason of the categories that need one (BR-AE-10, BR-E-10). E has no single VATEX
 * code (it depends on the article of the exemption): its text only, which the rule accepts.
 */
export const VAT_EXEMPTION_DEFAULTS: Record<'AE' | 'E', { code: string | null; reason: string }> = {
  // The same mention as the PDF (shared/document.ts)
  AE: { code: 'VATEX-EU-AE', reason: MENTION_AUTOLIQUIDATION },
  E: { code: null, reason: 'Exonération de la TVA' },
}

/** "BE 0123.456.749" / "0123456749" → "0123456749" (the 10 digits of scheme 0208). */
export function enterpriseDigits(input: string): string {
  return normalizeBeVat(input).slice(2)
}

/** PEPPOL-COMMON-R043: 10 digits, the last two = 97 − (the first eight mod 97). */
export function isValid0208(value: string): boolean {
  const v = value.trim()
  if (!/^\d{10}$/.test(v)) return false
  return 97 - (Number(v.slice(0, 8)) % 97) === Number(v.slice(8))
}

/** Integer cents → "1234.56" (UBL amounts: dot, 2 decimals, no grouping). */
export function amount(cents: number | bigint): string {
  const c = BigInt(cents)
  const negative = c < 0n
  const abs = negative ? -c : c
  return `${negative ? '-' : ''}${abs / 100n}.${String(abs % 100n).padStart(2, '0')}`
}

/** A value scaled by 10^scale → plain decimal, trailing zeros dropped ("2500", 3 → "2.5"). */
export function decimal(scaled: bigint, scale: number): string {
  const negative = scaled < 0n
  const abs = negative ? -scaled : scaled
  const unit = 10n ** BigInt(scale)
  const frac = String(abs % unit)
    .padStart(scale, '0')
    .replace(/0+$/, '')
  return `${negative ? '-' : ''}${abs / unit}${frac ? `.${frac}` : ''}`
}
