/*
 * EN 16931 and Peppol BIS Billing 3.0 business rules over a UBL 2.1 Invoice / CreditNote
 * (issue 11 §5), by their official ids and meaning. This is OUR OWN implementation of the
 * published rules, not the official schematron: those files are not on npm and their licence
 * is unclear, so they are neither bundled nor downloaded. It covers the rules our documents can
 * break (list and reasons: docs/DECISIONS.md, « Peppol UBL »). Differences, chosen so one fault
 * reports one rule id:
 * - a missing element reports its BR-01…BR-26 rule only: the rules that would compute with it
 *   (BR-CO-*, R004, R120, BR-09/11…) are skipped;
 * - BR-S-09 is exact to the cent (the official test allows ±1 unit): our totals are exact;
 * - with several tax totals (R053) the breakdown rules read the first one with subtotals;
 * - BR-CO-25 also accepts the credit note's PaymentMeans/PaymentDueDate.
 * Amounts are compared as integers (cents; micro-units for R040/R120), never as floats.
 */
import { XMLValidator } from 'fast-xml-parser'
import { breakdownRules, totalsRules, type Entry, type Rules } from './rules_totals.js'
import { ALLOWED_UNIT_CODES, isValid0208 } from './codes.js'
import type { RuleViolation } from './types.js'
import {
  type XNode,
  all,
  attr,
  childNames,
  dec,
  first,
  has,
  parseXml,
  show,
  text,
  textAt,
} from './xml_read.js'

const SPEC_PREFIX = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'
const AMOUNT_TAGS = new Set([
  'Amount',
  'BaseAmount',
  'PriceAmount',
  'TaxableAmount',
  'LineExtensionAmount',
  'TaxExclusiveAmount',
  'TaxInclusiveAmount',
  'AllowanceTotalAmount',
  'ChargeTotalAmount',
  'PrepaidAmount',
  'PayableRoundingAmount',
  'PayableAmount',
])

/** Visits every element: name, node, parent's name. */
function walk(
  node: XNode,
  name: string,
  parent: string,
  visit: (n: string, x: XNode, p: string) => void
) {
  visit(name, node, parent)
  for (const child of childNames(node)) {
    for (const c of node[child] as XNode[]) walk(c, child, name, visit)
  }
}

function structureRules(root: XNode, rootName: string, r: Rules, currency: string): void {
  walk(root, rootName, '', (name, node, parent) => {
    if (childNames(node).length === 0 && text(node) === '') {
      r.fail('PEPPOL-EN16931-R008', `L’élément ${name} est vide.`)
    }
    const scheme = attr(node, 'schemeID')
    const identifier =
      name === 'EndpointID' ||
      name === 'CompanyID' ||
      (name === 'ID' && parent === 'PartyIdentification')
    if (identifier && scheme === '0208' && !isValid0208(text(node))) {
      r.fail(
        'PEPPOL-COMMON-R043',
        `${name} «\u00a0${text(node)}\u00a0» n’est pas un numéro d’entreprise belge (10 chiffres, contrôle modulo 97).`
      )
    }
    if (AMOUNT_TAGS.has(name) && currency && attr(node, 'currencyID') !== currency) {
      r.fail('PEPPOL-EN16931-R051', `${name} n’est pas en ${currency} (currencyID).`)
    }
  })
}

function headerRules(root: XNode, credit: boolean, r: Rules): void {
  const customization = textAt(root, 'CustomizationID')
  if (!customization) r.fail('BR-01', 'L’identifiant de spécification (CustomizationID) manque.')
  else if (!customization.startsWith(SPEC_PREFIX)) {
    r.fail('PEPPOL-EN16931-R004', `CustomizationID doit valoir «\u00a0${SPEC_PREFIX}\u00a0».`)
  }
  if (!has(root, 'ProfileID')) r.fail('PEPPOL-EN16931-R001', 'Le processus (ProfileID) manque.')
  if (!textAt(root, 'ID')) r.fail('BR-02', 'Le numéro du document manque.')
  if (!textAt(root, 'IssueDate')) r.fail('BR-03', 'La date d’émission manque.')
  if (!textAt(root, credit ? 'CreditNoteTypeCode' : 'InvoiceTypeCode')) {
    r.fail('BR-04', 'Le code du type de document manque.')
  }
  if (!textAt(root, 'DocumentCurrencyCode')) r.fail('BR-05', 'La devise du document manque.')
  if (!textAt(root, 'BuyerReference') && !textAt(root, 'OrderReference/ID')) {
    r.fail('PEPPOL-EN16931-R003', 'Il faut une référence de l’acheteur ou un numéro de commande.')
  }
}

function partyRules(root: XNode, r: Rules): void {
  const sides = [
    {
      path: 'AccountingSupplierParty/Party',
      who: 'vendeur',
      ids: ['BR-06', 'BR-08', 'BR-09'],
      ep: 'PEPPOL-EN16931-R020',
    },
    {
      path: 'AccountingCustomerParty/Party',
      who: 'acheteur',
      ids: ['BR-07', 'BR-10', 'BR-11'],
      ep: 'PEPPOL-EN16931-R010',
    },
  ]
  for (const side of sides) {
    const p = first(root, side.path)
    if (!textAt(p, 'PartyLegalEntity/RegistrationName'))
      r.fail(side.ids[0], `Le nom du ${side.who} manque.`)
    const address = first(p, 'PostalAddress')
    if (!address) r.fail(side.ids[1], `L’adresse du ${side.who} manque.`)
    else if (!textAt(address, 'Country/IdentificationCode'))
      r.fail(side.ids[2], `Le pays du ${side.who} manque.`)
    if (!has(p, 'EndpointID'))
      r.fail(side.ep, `L’adresse électronique (EndpointID) du ${side.who} manque.`)
    for (const tax of all(p, 'PartyTaxScheme')) {
      const id = textAt(tax, 'CompanyID')
      if (textAt(tax, 'TaxScheme/ID') === 'VAT' && id && !/^[A-Z]{2}/.test(id)) {
        r.fail(
          'BR-CO-09',
          `Le numéro de TVA du ${side.who} «\u00a0${id}\u00a0» ne commence pas par le code pays.`
        )
      }
    }
  }
}

/** PEPPOL-EN16931-R040/R041/R042 on one allowance or charge. */
function allowanceRules(ac: XNode, r: Rules): void {
  const pct = dec(first(ac, 'MultiplierFactorNumeric'), 6)
  const base = dec(first(ac, 'BaseAmount'), 2)
  if (pct !== null && base === null)
    r.fail('PEPPOL-EN16931-R041', 'Un pourcentage de remise sans montant de base.')
  if (pct === null && base !== null)
    r.fail('PEPPOL-EN16931-R042', 'Un montant de base de remise sans pourcentage.')
  const amount = dec(first(ac, 'Amount'), 2) ?? 0n
  if (pct !== null && base !== null) {
    // micro-cents: base (cents) × pct (10^-6 %) / 100 → 10^-8 cents scale; slack 0.02 € = 2 cents
    const expected = base * pct // cents × 10^6 × 100
    const diff = amount * 100_000_000n - expected
    if (diff > 200_000_000n || diff < -200_000_000n) {
      r.fail(
        'PEPPOL-EN16931-R040',
        `Remise ${show(amount)} ≠ base ${show(base)} × ${text(first(ac, 'MultiplierFactorNumeric'))}\u00a0%.`
      )
    }
  }
}

export function checkPeppolRules(xml: string): RuleViolation[] {
  if (XMLValidator.validate(xml) !== true) {
    return [{ id: 'XML-WELLFORMED', message: 'Le document n’est pas un XML bien formé.' }]
  }
  const parsed = parseXml(xml)
  const credit = Array.isArray(parsed.CreditNote)
  const root: XNode | undefined = parsed.Invoice?.[0] ?? parsed.CreditNote?.[0]
  if (!root) return [{ id: 'UBL-ROOT', message: 'Ni Invoice ni CreditNote UBL.' }]
  const out: RuleViolation[] = []
  const r: Rules = { fail: (id, message) => out.push({ id, message }) }
  const currency = textAt(root, 'DocumentCurrencyCode')

  structureRules(root, credit ? 'CreditNote' : 'Invoice', r, currency)
  headerRules(root, credit, r)
  partyRules(root, r)

  for (const means of all(root, 'PaymentMeans')) {
    const code = textAt(means, 'PaymentMeansCode')
    if (!code) r.fail('BR-49', 'Le code du moyen de paiement manque.')
    if ((code === '30' || code === '58') && !textAt(means, 'PayeeFinancialAccount/ID')) {
      r.fail('BR-61', 'Un virement sans compte du bénéficiaire (IBAN).')
    }
  }

  // Lines
  const lines = all(root, credit ? 'CreditNoteLine' : 'InvoiceLine')
  const qtyTag = credit ? 'CreditedQuantity' : 'InvoicedQuantity'
  const lineNets: Entry[] = []
  let linesComplete = true
  let groupable = true
  if (lines.length === 0) r.fail('BR-16', 'Le document n’a aucune ligne.')
  for (const line of lines) {
    const id = textAt(line, 'ID')
    const where = `ligne ${id || '?'}`
    if (!id) r.fail('BR-21', 'Une ligne n’a pas d’identifiant.')
    const qtyNode = first(line, qtyTag)
    const qty = dec(qtyNode, 6)
    if (qty === null) r.fail('BR-22', `${where}\u00a0: la quantité manque.`)
    const unit = attr(qtyNode, 'unitCode')
    if (qtyNode && !unit) r.fail('BR-23', `${where}\u00a0: l’unité manque.`)
    else if (unit && !ALLOWED_UNIT_CODES.has(unit)) {
      r.fail(
        'BR-CL-23',
        `${where}\u00a0: l’unité «\u00a0${unit}\u00a0» n’est pas un code UN/ECE rec 20 accepté.`
      )
    }
    const net = dec(first(line, 'LineExtensionAmount'), 2)
    if (net === null) {
      r.fail('BR-24', `${where}\u00a0: le montant net manque.`)
      linesComplete = false
    }
    if (!textAt(line, 'Item/Name')) r.fail('BR-25', `${where}\u00a0: la désignation manque.`)
    const price = dec(first(line, 'Price/PriceAmount'), 6)
    if (price === null) r.fail('BR-26', `${where}\u00a0: le prix unitaire net manque.`)
    let allowances = 0n
    let charges = 0n
    for (const ac of all(line, 'AllowanceCharge')) {
      allowanceRules(ac, r)
      const a = dec(first(ac, 'Amount'), 2) ?? 0n
      if (textAt(ac, 'ChargeIndicator') === 'true') charges += a
      else allowances += a
    }
    const category = textAt(line, 'Item/ClassifiedTaxCategory/ID')
    const rate = dec(first(line, 'Item/ClassifiedTaxCategory/Percent'), 2)
    if (!category) r.fail('BR-CO-04', `${where}\u00a0: la catégorie de TVA manque.`)
    // A line without its category (or S rate) cannot be summed per VAT group
    if (!category || (category === 'S' && rate === null)) groupable = false
    if (category === 'AE' && rate !== 0n)
      r.fail('BR-AE-05', `${where}\u00a0: autoliquidation à un taux autre que 0\u00a0%.`)
    if (category === 'E' && rate !== 0n)
      r.fail('BR-E-05', `${where}\u00a0: exonération à un taux autre que 0\u00a0%.`)
    if (category === 'Z' && rate !== 0n)
      r.fail('BR-Z-05', `${where}\u00a0: taux zéro à un taux autre que 0\u00a0%.`)
    if (category === 'S' && !(rate !== null && rate > 0n))
      r.fail('BR-S-05', `${where}\u00a0: taux normal sans taux.`)
    if (net !== null) lineNets.push({ category, rate, cents: net })
    if (net !== null && qty !== null && price !== null) {
      const baseQty = dec(first(line, 'Price/BaseQuantity'), 6) || 1_000_000n
      // in 10^-6 cents: qty (10^-6) × price (10^-6 €) / baseQty (10^-6)
      const expected = (qty * price * 100n) / baseQty + (charges - allowances) * 1_000_000n
      const diff = net * 1_000_000n - expected
      if (diff > 2_000_000n || diff < -2_000_000n) {
        r.fail(
          'PEPPOL-EN16931-R120',
          `${where}\u00a0: net ${show(net)} ≠ quantité × prix − remises.`
        )
      }
    }
  }

  // Document level allowances and charges
  const docAllowances: Entry[] = []
  const docCharges: Entry[] = []
  for (const ac of all(root, 'AllowanceCharge')) {
    allowanceRules(ac, r)
    const entry = {
      category: textAt(ac, 'TaxCategory/ID'),
      rate: dec(first(ac, 'TaxCategory/Percent'), 2),
      cents: dec(first(ac, 'Amount'), 2) ?? 0n,
    }
    ;(textAt(ac, 'ChargeIndicator') === 'true' ? docCharges : docAllowances).push(entry)
  }

  // VAT breakdown
  const taxTotals = all(root, 'TaxTotal')
  const withSubtotals = taxTotals.filter((t) => has(t, 'TaxSubtotal'))
  if (withSubtotals.length !== 1) {
    r.fail(
      'PEPPOL-EN16931-R053',
      `${withSubtotals.length} totaux de TVA avec ventilation au lieu d’un.`
    )
  }
  const taxTotal = withSubtotals[0]
  const subtotals = all(taxTotal, 'TaxSubtotal')
  const taxAmount = taxTotal ? dec(first(taxTotal, 'TaxAmount'), 2) : null
  if (taxTotal && taxAmount !== null) {
    const sum = subtotals.reduce((a, s) => a + (dec(first(s, 'TaxAmount'), 2) ?? 0n), 0n)
    if (sum !== taxAmount)
      r.fail('BR-CO-14', `TVA totale ${show(taxAmount)} ≠ somme des ventilations ${show(sum)}.`)
  }
  breakdownRules(
    root,
    subtotals,
    { lines: lineNets, allowances: docAllowances, charges: docCharges },
    lines.length > 0 && linesComplete && groupable,
    r
  )

  totalsRules(
    root,
    lines.length > 0 && linesComplete ? lineNets : null,
    docAllowances,
    docCharges,
    taxAmount,
    r
  )
  return out
}
