/*
 * Money typed by people (DESIGN.md §3: integer cents end to end). Shared by the VineJS rules,
 * the CSV import and the React forms, so "12,50" means the same everywhere.
 */

/** Largest amount accepted: 21 474 836,47 € fits a PostgreSQL integer of cents. */
export const MAX_CENTS = 2_147_483_647

export class MoneyFormatError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'MoneyFormatError'
  }
}

export const MONEY_MESSAGES = {
  empty: 'Veuillez saisir un montant.',
  format: 'Montant invalide : utilisez par exemple 1 234,56.',
  decimals: 'Un montant a au plus deux décimales.',
  negative: 'Le montant ne peut pas être négatif.',
  tooLarge: 'Le montant est trop élevé.',
} as const

// Spaces people and Intl put between thousands: space, no-break space, narrow no-break space
const GROUP_SPACES = /[\s\u00a0\u202f']/g

/**
 * "1 234,56" → 123456, "12.5" → 1250, "12,50 €" → 1250, "1.234,56" → 123456.
 * A "," is always the decimal mark, a "." too unless other marks group thousands by three
 * ("1.234.567,8"). Three decimals ("12,345", "1.234"), letters or lone signs are refused.
 */
export function parseMoney(input: string, options: { allowNegative?: boolean } = {}): number {
  let text = String(input ?? '')
    .trim()
    .replace(/\s*€$/, '')
    .replace(/^€\s*/, '')
  if (text === '') throw new MoneyFormatError(MONEY_MESSAGES.empty)

  let sign = 1
  if (/^[-\u2212]/.test(text)) {
    if (!options.allowNegative) throw new MoneyFormatError(MONEY_MESSAGES.negative)
    sign = -1
    text = text.slice(1).trim()
  } else if (text.startsWith('+')) {
    text = text.slice(1).trim()
  }
  text = text.replace(GROUP_SPACES, '')
  if (!/^[\d.,]+$/.test(text) || !/\d/.test(text)) throw new MoneyFormatError(MONEY_MESSAGES.format)

  const lastMark = Math.max(text.lastIndexOf(','), text.lastIndexOf('.'))
  let integerPart = text
  let decimals = ''
  if (lastMark !== -1) {
    const after = text.slice(lastMark + 1)
    const before = text.slice(0, lastMark)
    // A lone "." before three digits is ambiguous (1.234 €? 1,234 €?): read as decimals, refused
    const lone = (text.match(/[.,]/g) ?? []).length === 1
    const markIsDecimal =
      text[lastMark] === ',' || lone || !/^\d{3}$/.test(after) || /,/.test(before)
    if (markIsDecimal) {
      if (after.length > 2 && /^\d+$/.test(after))
        throw new MoneyFormatError(MONEY_MESSAGES.decimals)
      integerPart = before
      decimals = after
    }
  }
  // What is left of the integer part: digits, possibly grouped by three with one kind of mark
  const groups = integerPart.split(/[.,]/)
  if (groups.length > 1) {
    const marks = new Set(integerPart.replace(/\d/g, ''))
    const wellGrouped =
      marks.size === 1 &&
      /^\d{1,3}$/.test(groups[0]) &&
      groups.slice(1).every((g) => /^\d{3}$/.test(g))
    // "12.5" with a dot is a decimal; "1.234" alone reads as three decimals: refused above
    if (!wellGrouped) throw new MoneyFormatError(MONEY_MESSAGES.format)
  }
  const digits = groups.join('')
  if (!/^\d*$/.test(digits) || !/^\d{0,2}$/.test(decimals)) {
    throw new MoneyFormatError(MONEY_MESSAGES.format)
  }
  if (digits === '' && decimals === '') throw new MoneyFormatError(MONEY_MESSAGES.format)

  const cents = Number(digits || '0') * 100 + Number(decimals.padEnd(2, '0'))
  if (!Number.isSafeInteger(cents) || cents > MAX_CENTS) {
    throw new MoneyFormatError(MONEY_MESSAGES.tooLarge)
  }
  return sign * cents
}

/** The French message of a bad amount, or null when it parses. */
export function moneyError(
  input: string,
  options: { allowNegative?: boolean } = {}
): string | null {
  try {
    parseMoney(input, options)
    return null
  } catch (error) {
    return error instanceof MoneyFormatError ? error.message : MONEY_MESSAGES.format
  }
}

/** Cents → "1234,56" for an input field and the CSV files (no thousands mark, no currency). */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return ''
  const sign = cents < 0 ? '-' : ''
  const abs = Math.abs(Math.round(cents))
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
}
