/*
 * The one totals function of every document with lines (devis, offre, bdc, later factures):
 * the server stores what it returns and the React editor shows what it returns, so the saved
 * figures always equal the shown ones (DESIGN.md §3).
 *
 * Rules (DESIGN.md §3, EN 16931):
 * - money is integer cents; quantities have at most 3 decimals, discounts at most 2;
 * - a line's net = round(quantite × prix_unitaire_ht × (1 − remise_pct)), half away from zero;
 * - the global discount is applied per VAT rate on the sum of that rate's nets, rounded;
 * - VAT is computed per rate on the discounted base, then rounded; totals are sums of the groups.
 * Exact integer arithmetic (BigInt) below, so no float drift whatever the size.
 */

export const LIGNE_TYPES = ['produit', 'texte', 'section', 'sous_total'] as const
export type LigneType = (typeof LIGNE_TYPES)[number]

export const LIGNE_TYPE_LABELS: Record<LigneType, string> = {
  produit: 'Produit',
  texte: 'Texte',
  section: 'Section',
  sous_total: 'Sous-total',
}

/*
 * Business limits (issue 10), far above what an installer ever types and low enough that every
 * product stays exact: quantity × unit price ≤ 10^6 × 10^9 cents = 10^15 < 2^53, so no line
 * loses precision in a JS number and no total can overflow a bigint column. The validators
 * (app/validators/lignes.ts, produit.ts) and the editor use the same constants and messages.
 */
/** Quantities: up to 3 decimals (DESIGN.md §2), at most 1 000 000. */
export const MAX_QUANTITE = 1_000_000
/** A unit price: at most 10 000 000,00 € (cents). */
export const MAX_PRIX_UNITAIRE_CENTS = 1_000_000_000
/** A line's net and a document's total TTC: at most 100 000 000,00 € (cents). */
export const MAX_TOTAL_CENTS = 10_000_000_000

export const LIMIT_MESSAGES = {
  quantite: 'La quantité ne peut pas dépasser 1 000 000.',
  prix: 'Le prix unitaire ne peut pas dépasser 10 000 000,00 €.',
  ligne: 'Le total de la ligne ne peut pas dépasser 100 000 000,00 € HT.',
  document: 'Le total du document ne peut pas dépasser 100 000 000,00 € TTC.',
} as const
/** Discounts and acompte: percentages with up to 2 decimals. */
export const MAX_PCT = 100

export type TotalsLigneInput = {
  type: LigneType
  /** "2,5", "2.5", 2.5 — up to 3 decimals. Ignored for texte/section/sous_total. */
  quantite?: string | number | null
  /** Cents. */
  prix_unitaire_ht?: number | null
  /** Percentage, up to 2 decimals ("10", "12,5"). */
  remise_pct?: string | number | null
  taux_tva?: number | null
  /** An optional line (devis « option », issue 14 §1): counted only when retenue. */
  optionnel?: boolean
  /** Whether an optional line is ticked; ignored on other lines. */
  retenue?: boolean
}

/** An option the customer has not ticked: priced on its line, left out of every total. */
export function ligneEcartee(ligne: Pick<TotalsLigneInput, 'optionnel' | 'retenue'>): boolean {
  return ligne.optionnel === true && ligne.retenue === false
}

export type TotalsInput = {
  lignes: TotalsLigneInput[]
  /** Percentage of the global discount, up to 2 decimals. */
  remise_globale_pct?: string | number | null
  /** Percentage of the total TTC asked as deposit. */
  acompte_pct?: string | number | null
}

export type VatGroup = {
  taux_tva: number
  /** Sum of the line nets of this rate, before the global discount. */
  base_brute: number
  /** The global discount taken from this rate's base. */
  remise: number
  /** Taxable base after the global discount. */
  base_ht: number
  tva: number
}

export type Totals = {
  /** Per line, in input order: the net amount (produit) or the running sub-total (sous_total). */
  lignes: { total_ht: number | null }[]
  /** Sum of the line nets before the global discount. */
  total_brut_ht: number
  remise_globale: number
  total_ht: number
  total_tva: number
  total_ttc: number
  acompte: number
  /** By rate, highest rate first. */
  tva: VatGroup[]
}

export class TotalsInputError extends Error {}

/** Parses a decimal typed with "," or "." into an integer scaled by 10^scale; null if invalid. */
export function parseScaled(
  value: string | number | null | undefined,
  scale: number
): bigint | null {
  if (value === null || value === undefined || value === '') return 0n
  let text = typeof value === 'number' ? numberToPlain(value) : String(value).trim()
  text = text.replace(/[\s\u00a0\u202f]/g, '').replace(',', '.')
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text)
  if (!match || (match[2] === '' && (match[3] ?? '') === '')) return null
  const decimals = match[3] ?? ''
  if (decimals.length > scale) {
    // Trailing zeros beyond the scale are harmless ("1.5000")
    if (!/^0*$/.test(decimals.slice(scale))) return null
  }
  const digits = (match[2] || '0') + decimals.slice(0, scale).padEnd(scale, '0')
  const scaled = BigInt(digits)
  return match[1] === '-' ? -scaled : scaled
}

function numberToPlain(value: number): string {
  if (!Number.isFinite(value)) return 'NaN'
  // Avoid exponent notation for small/large numbers
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 })
}

/** Integer division rounded half away from zero. */
export function divRound(numerator: bigint, denominator: bigint): bigint {
  if (denominator < 0n) return divRound(-numerator, -denominator)
  const negative = numerator < 0n
  const abs = negative ? -numerator : numerator
  const q = (abs * 2n + denominator) / (denominator * 2n)
  return negative ? -q : q
}

/** Quantity (string/number) → thousandths; throws TotalsInputError when it is not valid. */
export function quantiteMillis(value: string | number | null | undefined): bigint {
  const parsed = parseScaled(value, 3)
  if (parsed === null) throw new TotalsInputError('Quantité invalide.')
  return parsed
}

/** Percentage → hundredths of a percent (basis points). */
export function pctBasisPoints(value: string | number | null | undefined): bigint {
  const parsed = parseScaled(value, 2)
  if (parsed === null) throw new TotalsInputError('Pourcentage invalide.')
  return parsed
}

/** The net of one produit line, in cents. */
export function ligneNet(ligne: TotalsLigneInput): number {
  const qty = quantiteMillis(ligne.quantite)
  const price = BigInt(Math.round(ligne.prix_unitaire_ht ?? 0))
  const remise = pctBasisPoints(ligne.remise_pct)
  return Number(divRound(qty * price * (10_000n - remise), 1000n * 10_000n))
}

export function computeTotals(input: TotalsInput): Totals {
  const lignes: { total_ht: number | null }[] = []
  const byRate = new Map<number, bigint>()
  let running = 0n
  for (const ligne of input.lignes) {
    if (ligne.type === 'produit' && ligneEcartee(ligne)) {
      lignes.push({ total_ht: ligneNet(ligne) })
    } else if (ligne.type === 'produit') {
      const net = BigInt(ligneNet(ligne))
      const rate = Number(ligne.taux_tva ?? 0)
      byRate.set(rate, (byRate.get(rate) ?? 0n) + net)
      running += net
      lignes.push({ total_ht: Number(net) })
    } else if (ligne.type === 'sous_total') {
      // The sum of the produit lines since the previous section (or the start)
      lignes.push({ total_ht: Number(running) })
    } else {
      if (ligne.type === 'section') running = 0n
      lignes.push({ total_ht: null })
    }
  }

  const remiseBp = pctBasisPoints(input.remise_globale_pct)
  const acompteBp = pctBasisPoints(input.acompte_pct)
  const groups: VatGroup[] = [...byRate.entries()]
    .sort((a, b) => b[0] - a[0])
    .map(([rate, base]) => {
      const remise = divRound(base * remiseBp, 10_000n)
      const baseHt = base - remise
      const tva = divRound(baseHt * BigInt(Math.round(rate * 100)), 10_000n)
      return {
        taux_tva: rate,
        base_brute: Number(base),
        remise: Number(remise),
        base_ht: Number(baseHt),
        tva: Number(tva),
      }
    })

  const sum = (pick: (g: VatGroup) => number) => groups.reduce((acc, g) => acc + pick(g), 0)
  const totalHt = sum((g) => g.base_ht)
  const totalTva = sum((g) => g.tva)
  const totalTtc = totalHt + totalTva
  return {
    lignes,
    total_brut_ht: sum((g) => g.base_brute),
    remise_globale: sum((g) => g.remise),
    total_ht: totalHt,
    total_tva: totalTva,
    total_ttc: totalTtc,
    acompte: Number(divRound(BigInt(totalTtc) * acompteBp, 10_000n)),
    tva: groups,
  }
}

/**
 * The business limits of a document's lines, keyed like the validators (`lignes.3.quantite`,
 * `lignes` for the document total): empty when every figure is within them. Lines whose
 * figures do not parse are skipped (their own field error says why).
 */
export function limitErrors(
  lignes: TotalsLigneInput[],
  remiseGlobalePct: string | number | null = 0
): Record<string, string> {
  const errors: Record<string, string> = {}
  const checked: TotalsLigneInput[] = []
  lignes.forEach((ligne, i) => {
    if (ligne.type !== 'produit') return
    const qty = parseScaled(ligne.quantite, 3)
    const pct = parseScaled(ligne.remise_pct, 2)
    const price = ligne.prix_unitaire_ht ?? 0
    if (qty === null || pct === null || !Number.isFinite(price)) return
    if (qty > BigInt(MAX_QUANTITE) * 1000n) {
      errors[`lignes.${i}.quantite`] = LIMIT_MESSAGES.quantite
      return
    }
    if (price > MAX_PRIX_UNITAIRE_CENTS) {
      errors[`lignes.${i}.prix_unitaire_ht`] = LIMIT_MESSAGES.prix
      return
    }
    if (ligneNet(ligne) > MAX_TOTAL_CENTS) {
      errors[`lignes.${i}.quantite`] = LIMIT_MESSAGES.ligne
      return
    }
    checked.push(ligne)
  })
  if (Object.keys(errors).length === 0 && parseScaled(remiseGlobalePct, 2) !== null) {
    const totals = computeTotals({ lignes: checked, remise_globale_pct: remiseGlobalePct })
    if (totals.total_ttc > MAX_TOTAL_CENTS) errors.lignes = LIMIT_MESSAGES.document
  }
  return errors
}

// Built once: an Intl formatter is costly to make and these run for every line and row
const EUROS = new Intl.NumberFormat('fr-BE', { style: 'currency', currency: 'EUR' })

/**
 * Integer cents → "1 234,56 €" as Intl writes it (U+202F between thousands, U+00A0 before
 * "€"); '' for null/undefined. The app's money format (inertia/lib/format.ts re-exports it).
 */
export function formatMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined || !Number.isFinite(cents)) return ''
  return EUROS.format(Math.round(cents) / 100)
}

/** 123456 → "1 234,56 €" with plain no-break spaces only (what the PDF fonts can print). */
export function formatEuros(cents: number): string {
  return formatMoney(cents).replace(/\u202f/g, '\u00a0')
}

/** 1250 → "12,50" (no currency sign), for inputs. */
export function centsToInput(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return ''
  const negative = cents < 0
  const abs = Math.abs(cents)
  const text = `${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`
  return negative ? `-${text}` : text
}

// Made once per precision: building an Intl.NumberFormat costs more than formatting with it
// (5 % of a 50-line PDF's CPU when every quantity made its own, decision 555)
const DECIMALS = new Map<number, Intl.NumberFormat>()

/** "2.500" (numeric from pg) → "2,5" for display. */
export function formatDecimal(value: string | number | null | undefined, maxDecimals = 3): string {
  if (value === null || value === undefined || value === '') return ''
  const n = Number(String(value).replace(',', '.'))
  if (!Number.isFinite(n)) return String(value)
  let format = DECIMALS.get(maxDecimals)
  if (!format) {
    format = new Intl.NumberFormat('fr-BE', { maximumFractionDigits: maxDecimals })
    DECIMALS.set(maxDecimals, format)
  }
  return format.format(n).replace(/\u202f/g, '\u00a0')
}
