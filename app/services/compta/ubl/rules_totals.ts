/*
 * The VAT breakdown (BR-S/Z/E/AE-*) and document totals (BR-12…15, BR-CO-10…16, BR-CO-25)
 * rules of ./rules.ts, with the same conventions (see its header): our own implementation of
 * the published EN 16931 rules, amounts compared as integer cents.
 */
import { divRound } from '#shared/totals'
import { type XNode, all, dec, first, show, text, textAt } from './xml_read.js'

export type Rules = { fail: (id: string, message: string) => void }
/** A line net, document allowance or charge with its VAT category and rate. */
export type Entry = { category: string; rate: bigint | null; cents: bigint }

function sumOf(entries: Entry[], category: string, rate: bigint | null | 'any'): bigint {
  return entries
    .filter((e) => e.category === category && (rate === 'any' || e.rate === rate))
    .reduce((a, e) => a + e.cents, 0n)
}

type Sums = { lines: Entry[]; allowances: Entry[]; charges: Entry[] }

export function breakdownRules(
  root: XNode,
  subtotals: XNode[],
  sums: Sums,
  linesOk: boolean,
  r: Rules
): void {
  const used = [...sums.lines, ...sums.allowances, ...sums.charges]
  const count = (c: string) => subtotals.filter((s) => textAt(s, 'TaxCategory/ID') === c).length
  for (const [c, rule] of [
    ['E', 'BR-E-01'],
    ['Z', 'BR-Z-01'],
    ['AE', 'BR-AE-01'],
  ] as const) {
    if (used.some((e) => e.category === c) && count(c) !== 1) {
      r.fail(rule, `Il faut exactement une ventilation de TVA de catégorie ${c} (${count(c)}).`)
    }
  }
  if (sums.lines.some((e) => e.category === 'S') && count('S') === 0) {
    r.fail('BR-S-01', 'Des lignes au taux normal sans ventilation S.')
  }
  const sellerVat = all(root, 'AccountingSupplierParty/Party/PartyTaxScheme').some((t) =>
    textAt(t, 'CompanyID')
  )
  const buyer = first(root, 'AccountingCustomerParty/Party')
  const buyerId =
    all(buyer, 'PartyTaxScheme').some((t) => textAt(t, 'CompanyID')) ||
    !!textAt(buyer, 'PartyLegalEntity/CompanyID')
  if (!sellerVat || !buyerId) {
    const who = 'le numéro de TVA du vendeur et celui (ou le numéro d’entreprise) de l’acheteur'
    if (sums.lines.some((e) => e.category === 'AE'))
      r.fail('BR-AE-02', `Autoliquidation sans ${who}.`)
    if (sums.allowances.some((e) => e.category === 'AE'))
      r.fail('BR-AE-03', `Remise en autoliquidation sans ${who}.`)
  }
  for (const sub of subtotals) {
    const c = textAt(sub, 'TaxCategory/ID')
    const rate = dec(first(sub, 'TaxCategory/Percent'), 2)
    const taxable = dec(first(sub, 'TaxableAmount'), 2)
    const tax = dec(first(sub, 'TaxAmount'), 2)
    if (taxable === null || tax === null) continue
    const byRate = c === 'S' ? rate : 'any'
    const expected =
      sumOf(sums.lines, c, byRate) -
      sumOf(sums.allowances, c, byRate) +
      sumOf(sums.charges, c, byRate)
    const label = `catégorie ${c}${rate !== null ? ` à ${text(first(sub, 'TaxCategory/Percent'))}\u00a0%` : ''}`
    const ids: Record<string, [string, string, string?]> = {
      S: ['BR-S-08', 'BR-S-09'],
      Z: ['BR-Z-08', 'BR-Z-09'],
      E: ['BR-E-08', 'BR-E-09', 'BR-E-10'],
      AE: ['BR-AE-08', 'BR-AE-09', 'BR-AE-10'],
    }
    const rule = ids[c]
    if (!rule) continue
    if (linesOk && taxable !== expected) {
      r.fail(
        rule[0],
        `Base ${label} ${show(taxable)} ≠ lignes − remises + frais ${show(expected)}.`
      )
    }
    if (c === 'S') {
      const due = divRound(taxable * (rate ?? 0n), 10_000n)
      if (tax !== due) r.fail(rule[1], `TVA ${label} ${show(tax)} ≠ base × taux ${show(due)}.`)
    } else if (tax !== 0n) {
      r.fail(rule[1], `TVA ${label} ${show(tax)} au lieu de 0.`)
    }
    if (
      rule[2] &&
      !textAt(sub, 'TaxCategory/TaxExemptionReasonCode') &&
      !textAt(sub, 'TaxCategory/TaxExemptionReason')
    ) {
      r.fail(rule[2], `La ventilation ${label} n’a pas de motif d’exonération.`)
    }
  }
}

export function totalsRules(
  root: XNode,
  lineNets: Entry[] | null,
  allowances: Entry[],
  charges: Entry[],
  taxAmount: bigint | null,
  r: Rules
): void {
  const lmt = first(root, 'LegalMonetaryTotal')
  const amountAt = (name: string) => dec(first(lmt, name), 2)
  const lineExt = amountAt('LineExtensionAmount')
  const taxExcl = amountAt('TaxExclusiveAmount')
  const taxIncl = amountAt('TaxInclusiveAmount')
  const payable = amountAt('PayableAmount')
  const allowanceTotal = amountAt('AllowanceTotalAmount')
  const chargeTotal = amountAt('ChargeTotalAmount')
  if (lineExt === null) r.fail('BR-12', 'La somme des montants nets des lignes manque.')
  if (taxExcl === null) r.fail('BR-13', 'Le total HT manque.')
  if (taxIncl === null) r.fail('BR-14', 'Le total TTC manque.')
  if (payable === null) r.fail('BR-15', 'Le montant à payer manque.')

  if (lineNets && lineExt !== null) {
    const sum = lineNets.reduce((a, e) => a + e.cents, 0n)
    if (sum !== lineExt) r.fail('BR-CO-10', `Somme des lignes ${show(sum)} ≠ ${show(lineExt)}.`)
  }
  const allowanceSum = allowances.reduce((a, e) => a + e.cents, 0n)
  if (
    (allowanceTotal ?? 0n) !== allowanceSum ||
    (allowanceTotal === null && allowances.length > 0)
  ) {
    r.fail(
      'BR-CO-11',
      `Total des remises ${show(allowanceTotal ?? 0n)} ≠ somme des remises ${show(allowanceSum)}.`
    )
  }
  const chargeSum = charges.reduce((a, e) => a + e.cents, 0n)
  if ((chargeTotal ?? 0n) !== chargeSum || (chargeTotal === null && charges.length > 0)) {
    r.fail(
      'BR-CO-12',
      `Total des frais ${show(chargeTotal ?? 0n)} ≠ somme des frais ${show(chargeSum)}.`
    )
  }
  if (lineExt !== null && taxExcl !== null) {
    const expected = lineExt - (allowanceTotal ?? 0n) + (chargeTotal ?? 0n)
    if (taxExcl !== expected)
      r.fail('BR-CO-13', `Total HT ${show(taxExcl)} ≠ lignes − remises + frais ${show(expected)}.`)
  }
  if (
    taxExcl !== null &&
    taxIncl !== null &&
    taxAmount !== null &&
    taxIncl !== taxExcl + taxAmount
  ) {
    r.fail('BR-CO-15', `Total TTC ${show(taxIncl)} ≠ HT + TVA ${show(taxExcl + taxAmount)}.`)
  }
  if (taxIncl !== null && payable !== null) {
    const expected =
      taxIncl - (amountAt('PrepaidAmount') ?? 0n) + (amountAt('PayableRoundingAmount') ?? 0n)
    if (payable !== expected)
      r.fail('BR-CO-16', `À payer ${show(payable)} ≠ TTC − acomptes ${show(expected)}.`)
  }
  if (payable !== null && payable > 0n) {
    const dated =
      textAt(root, 'DueDate') || all(root, 'PaymentMeans').some((m) => textAt(m, 'PaymentDueDate'))
    if (!dated && !textAt(root, 'PaymentTerms/Note')) {
      r.fail('BR-CO-25', 'Un montant à payer sans échéance ni conditions de paiement.')
    }
  }
}
