/*
 * The figures of a Peppol UBL, computed with the app's one totals function (shared/totals.ts) so
 * the e-invoice equals the PDF to the cent. shared/totals.ts groups by VAT rate; EN 16931 groups
 * by (category, rate) — 0 % can be Z, E or AE — so it runs once per category: the global discount
 * and the VAT are computed per rate group there, hence the same figures as one run over all the
 * lines whenever a rate has a single category (always the case on our documents).
 */
import {
  computeTotals,
  divRound,
  ligneNet,
  quantiteMillis,
  type TotalsLigneInput,
} from '#shared/totals'
import type { UblDocument, UblLine, VatCategory } from './types.js'

export const CATEGORY_ORDER: VatCategory[] = ['S', 'Z', 'E', 'AE']

export type UblLineFigures = {
  /** Quantity × unit price, rounded to the cent (the line allowance's base). */
  gross: number
  /** The line discount in cents: gross − net. */
  allowance: number
  /** Line net amount (BT-131), equal to shared/totals.ts ligneNet. */
  net: number
}

export type UblBreakdown = {
  category: VatCategory
  rate: number
  /** Sum of the line nets of this group. */
  linesNet: number
  /** The global discount taken from this group (a document level allowance). */
  allowance: number
  /** BT-116 */
  taxable: number
  /** BT-117 */
  tax: number
}

export type UblTotals = {
  lines: UblLineFigures[]
  breakdown: UblBreakdown[]
  lineExtension: number
  allowanceTotal: number
  taxExclusive: number
  tax: number
  taxInclusive: number
  prepaid: number
  payable: number
}

function toTotalsLine(line: UblLine): TotalsLigneInput {
  return {
    type: 'produit',
    quantite: line.quantity,
    prix_unitaire_ht: line.unitPriceCents,
    remise_pct: line.discountPct ?? null,
    taux_tva: line.vatRate,
  }
}

export function lineFigures(line: UblLine): UblLineFigures {
  const net = ligneNet(toTotalsLine(line))
  const gross = Number(
    divRound(quantiteMillis(line.quantity) * BigInt(Math.round(line.unitPriceCents)), 1000n)
  )
  return { gross, allowance: gross - net, net }
}

export function computeUblTotals(doc: UblDocument): UblTotals {
  const breakdown: UblBreakdown[] = []
  for (const category of CATEGORY_ORDER) {
    const lines = doc.lines.filter((l) => l.vatCategory === category)
    if (lines.length === 0) continue
    const totals = computeTotals({
      lignes: lines.map(toTotalsLine),
      remise_globale_pct: doc.globalDiscountPct ?? null,
    })
    for (const g of totals.tva) {
      breakdown.push({
        category,
        rate: g.taux_tva,
        linesNet: g.base_brute,
        allowance: g.remise,
        taxable: g.base_ht,
        tax: g.tva,
      })
    }
  }
  const sum = (pick: (b: UblBreakdown) => number) => breakdown.reduce((a, b) => a + pick(b), 0)
  const lineExtension = sum((b) => b.linesNet)
  const allowanceTotal = sum((b) => b.allowance)
  const taxExclusive = lineExtension - allowanceTotal
  const tax = sum((b) => b.tax)
  const taxInclusive = taxExclusive + tax
  const prepaid = Math.round(doc.prepaidCents ?? 0)
  return {
    lines: doc.lines.map(lineFigures),
    breakdown,
    lineExtension,
    allowanceTotal,
    taxExclusive,
    tax,
    taxInclusive,
    prepaid,
    payable: taxInclusive - prepaid,
  }
}
