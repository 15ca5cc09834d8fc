/*
 * The Peppol BIS Billing 3.0 generator (app/services/compta/ubl/generate.ts): its figures equal
 * the app's totals (shared/totals.ts, hence the PDF), the UBL 2.1 element order, the solde's
 * prepaid amount, autoliquidation, the credit note, the embedded PDF, escaping, units.
 */
import { readFileSync } from 'node:fs'
import { test } from '@japa/runner'
import { computeTotals } from '#shared/totals'
import { UNITES } from '#shared/produits'
import { MENTION_AUTOLIQUIDATION } from '#shared/document'
import { generateUbl } from '#services/compta/ubl/generate'
import { checkPeppolRules } from '#services/compta/ubl/rules'
import { ALLOWED_UNIT_CODES, UNIT_CODES, isValid0208 } from '#services/compta/ubl/codes'
import { all, first, parseXml, text, textAt, type XNode } from '#services/compta/ubl/xml_read'
import {
  autoliquidation,
  creditNote,
  invoice,
  mixedCategories,
  solde,
} from '#tests/fixtures/ubl/documents'
import type { UblDocument } from '#services/compta/ubl/types'

const cents = (node: XNode | undefined) => Math.round(Number(text(node)) * 100)
const rootOf = (xml: string): XNode => {
  const parsed = parseXml(xml)
  return parsed.Invoice?.[0] ?? parsed.CreditNote?.[0]
}
const totalsOf = (doc: UblDocument) =>
  computeTotals({
    lignes: doc.lines.map((l) => ({
      type: 'produit' as const,
      quantite: l.quantity,
      prix_unitaire_ht: l.unitPriceCents,
      remise_pct: l.discountPct ?? null,
      taux_tva: l.vatRate,
    })),
    remise_globale_pct: doc.globalDiscountPct ?? null,
  })

/** Direct children of an element, in order, from the pretty-printed XML (indent = depth × 2). */
function childOrder(xml: string, depth: number, within?: string): string[] {
  const part = within ? xml.slice(xml.indexOf(`<${within}>`)) : xml
  const end = within ? part.indexOf(`</${within}>`) : part.length
  const indent = ' '.repeat(depth * 2)
  return [...part.slice(0, end).matchAll(new RegExp(`^${indent}<([a-z]+:[A-Za-z]+)`, 'gm'))].map(
    (m) => m[1].split(':')[1]
  )
}

/** True when the names appear in the order of the schema sequence (repeats allowed). */
function followsSequence(names: string[], sequence: string[]): string | null {
  let last = -1
  for (const name of names) {
    const i = sequence.indexOf(name)
    if (i < 0) return `${name} is not in the sequence`
    if (i < last) return `${name} comes too late`
    last = i
  }
  return null
}

// UBL 2.1 maindoc sequences (the elements we may write, in schema order)
const INVOICE_SEQUENCE = [
  'CustomizationID',
  'ProfileID',
  'ID',
  'IssueDate',
  'DueDate',
  'InvoiceTypeCode',
  'Note',
  'DocumentCurrencyCode',
  'BuyerReference',
  'OrderReference',
  'BillingReference',
  'AdditionalDocumentReference',
  'AccountingSupplierParty',
  'AccountingCustomerParty',
  'PaymentMeans',
  'PaymentTerms',
  'AllowanceCharge',
  'TaxTotal',
  'LegalMonetaryTotal',
  'InvoiceLine',
]
const CREDIT_NOTE_SEQUENCE = INVOICE_SEQUENCE.map((n) =>
  n === 'InvoiceTypeCode' ? 'CreditNoteTypeCode' : n === 'InvoiceLine' ? 'CreditNoteLine' : n
).filter((n) => n !== 'DueDate')
const PARTY_SEQUENCE = [
  'EndpointID',
  'PartyIdentification',
  'PartyName',
  'PostalAddress',
  'PartyTaxScheme',
  'PartyLegalEntity',
  'Contact',
]
const LMT_SEQUENCE = [
  'LineExtensionAmount',
  'TaxExclusiveAmount',
  'TaxInclusiveAmount',
  'AllowanceTotalAmount',
  'ChargeTotalAmount',
  'PrepaidAmount',
  'PayableRoundingAmount',
  'PayableAmount',
]
const LINE_SEQUENCE = [
  'ID',
  'Note',
  'InvoicedQuantity',
  'CreditedQuantity',
  'LineExtensionAmount',
  'AllowanceCharge',
  'Item',
  'Price',
]

test.group('Peppol UBL / figures', () => {
  test('the invoice’s figures equal shared/totals.ts (the PDF) and pass every rule', ({
    assert,
  }) => {
    const doc = invoice()
    const xml = generateUbl(doc)
    assert.deepEqual(checkPeppolRules(xml), [])
    const t = totalsOf(doc)
    const root = rootOf(xml)
    const lmt = first(root, 'LegalMonetaryTotal')
    assert.equal(cents(first(lmt, 'LineExtensionAmount')), t.total_brut_ht)
    assert.equal(cents(first(lmt, 'AllowanceTotalAmount')), t.remise_globale)
    assert.equal(cents(first(lmt, 'TaxExclusiveAmount')), t.total_ht)
    assert.equal(cents(first(root, 'TaxTotal/TaxAmount')), t.total_tva)
    assert.equal(cents(first(lmt, 'TaxInclusiveAmount')), t.total_ttc)
    assert.equal(cents(first(lmt, 'PayableAmount')), t.total_ttc)
    const subtotals = all(root, 'TaxTotal/TaxSubtotal').map((s) => ({
      taux_tva: Number(textAt(s, 'TaxCategory/Percent')),
      base_ht: cents(first(s, 'TaxableAmount')),
      tva: cents(first(s, 'TaxAmount')),
    }))
    assert.deepEqual(
      subtotals,
      t.tva.map((g) => ({ taux_tva: g.taux_tva, base_ht: g.base_ht, tva: g.tva }))
    )
    assert.deepEqual(
      all(root, 'InvoiceLine').map((l) => cents(first(l, 'LineExtensionAmount'))),
      t.lignes.map((l) => l.total_ht)
    )
    // 6 % and 21 %, both discounted by the 3 % remise globale
    assert.deepEqual(
      subtotals.map((s) => s.taux_tva),
      [21, 6]
    )
    assert.lengthOf(all(root, 'AllowanceCharge'), 2)
  })

  test('a line discount is an allowance with its base and percentage', ({ assert }) => {
    const line = all(rootOf(generateUbl(invoice())), 'InvoiceLine')[0]
    assert.equal(textAt(line, 'InvoicedQuantity'), '2')
    assert.equal(first(line, 'InvoicedQuantity')?.['@_unitCode'], 'H87')
    assert.equal(textAt(line, 'AllowanceCharge/MultiplierFactorNumeric'), '10')
    assert.equal(textAt(line, 'AllowanceCharge/BaseAmount'), '2500.00')
    assert.equal(textAt(line, 'AllowanceCharge/Amount'), '250.00')
    assert.equal(textAt(line, 'LineExtensionAmount'), '2250.00')
    assert.equal(textAt(line, 'Price/PriceAmount'), '1250.00')
  })

  test('a solde deducts the acomptes as prepaid amount', ({ assert }) => {
    const xml = generateUbl(solde())
    assert.deepEqual(checkPeppolRules(xml), [])
    const lmt = first(rootOf(xml), 'LegalMonetaryTotal')
    assert.equal(textAt(lmt, 'PrepaidAmount'), '3000.00')
    assert.equal(cents(first(lmt, 'PayableAmount')), totalsOf(solde()).total_ttc - 300_000)
  })

  test('autoliquidation: one AE breakdown at 0 % with VATEX-EU-AE and the PDF’s mention', ({
    assert,
  }) => {
    const xml = generateUbl(autoliquidation())
    assert.deepEqual(checkPeppolRules(xml), [])
    const root = rootOf(xml)
    const subtotals = all(root, 'TaxTotal/TaxSubtotal')
    assert.lengthOf(subtotals, 1)
    assert.equal(textAt(subtotals[0], 'TaxCategory/ID'), 'AE')
    assert.equal(textAt(subtotals[0], 'TaxCategory/Percent'), '0')
    assert.equal(textAt(subtotals[0], 'TaxAmount'), '0.00')
    assert.equal(textAt(subtotals[0], 'TaxCategory/TaxExemptionReasonCode'), 'VATEX-EU-AE')
    assert.equal(textAt(subtotals[0], 'TaxCategory/TaxExemptionReason'), MENTION_AUTOLIQUIDATION)
    assert.equal(
      textAt(root, 'AccountingCustomerParty/Party/PartyTaxScheme/CompanyID'),
      'BE0677889943'
    )
  })

  test('S, Z and E lines: one breakdown each, E with its exemption reason', ({ assert }) => {
    const xml = generateUbl(mixedCategories())
    assert.deepEqual(checkPeppolRules(xml), [])
    const subtotals = all(rootOf(xml), 'TaxTotal/TaxSubtotal')
    assert.deepEqual(
      subtotals.map((s) => textAt(s, 'TaxCategory/ID')),
      ['S', 'Z', 'E']
    )
    assert.equal(textAt(subtotals[2], 'TaxCategory/TaxExemptionReason'), 'Exonération de la TVA')
  })

  test('a category other than S at a rate is refused', ({ assert }) => {
    const doc = autoliquidation()
    doc.lines[0].vatRate = 21
    assert.throws(() => generateUbl(doc), /exige un taux de 0\u00a0%/)
  })
})

test.group('Peppol UBL / structure', () => {
  test('invoice: identifiers, 0208 endpoints, payment means, UBL 2.1 element order', ({
    assert,
  }) => {
    const xml = generateUbl({
      ...invoice(),
      buyerReference: 'Chantier Tanneurs',
      paymentTerms: 'Payable à 30 jours',
    })
    assert.deepEqual(checkPeppolRules(xml), [])
    const root = rootOf(xml)
    assert.equal(
      textAt(root, 'CustomizationID'),
      'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0'
    )
    assert.equal(textAt(root, 'ProfileID'), 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0')
    assert.equal(textAt(root, 'InvoiceTypeCode'), '380')
    const endpoint = first(root, 'AccountingSupplierParty/Party/EndpointID')
    assert.equal(text(endpoint), '0456789034')
    assert.equal(endpoint?.['@_schemeID'], '0208')
    assert.equal(
      textAt(root, 'AccountingSupplierParty/Party/PartyLegalEntity/CompanyID'),
      '0456789034'
    )
    assert.equal(textAt(root, 'PaymentMeans/PaymentMeansCode'), '58')
    assert.equal(textAt(root, 'PaymentMeans/PaymentID'), '+++260/0000/04214+++')
    assert.equal(textAt(root, 'PaymentMeans/PayeeFinancialAccount/ID'), 'BE68539007547034')
    assert.equal(
      textAt(root, 'PaymentMeans/PayeeFinancialAccount/FinancialInstitutionBranch/ID'),
      'GKCCBEBB'
    )
    assert.isNull(followsSequence(childOrder(xml, 1), INVOICE_SEQUENCE))
    assert.isNull(followsSequence(childOrder(xml, 3, 'cac:Party'), PARTY_SEQUENCE))
    assert.isNull(followsSequence(childOrder(xml, 2, 'cac:LegalMonetaryTotal'), LMT_SEQUENCE))
    assert.isNull(followsSequence(childOrder(xml, 2, 'cac:InvoiceLine'), LINE_SEQUENCE))
    // Every amount carries its currency
    assert.notMatch(xml, /<cbc:\w*Amount>/)
  })

  test('credit note: 381, the invoice it corrects, credited quantities, schema order', ({
    assert,
  }) => {
    const xml = generateUbl(creditNote())
    assert.deepEqual(checkPeppolRules(xml), [])
    const root = rootOf(xml)
    assert.exists(parseXml(xml).CreditNote)
    assert.equal(textAt(root, 'CreditNoteTypeCode'), '381')
    assert.equal(textAt(root, 'BillingReference/InvoiceDocumentReference/ID'), 'FAC-2026-00042')
    assert.equal(textAt(root, 'BillingReference/InvoiceDocumentReference/IssueDate'), '2026-03-12')
    assert.equal(textAt(root, 'CreditNoteLine/CreditedQuantity'), '12.4')
    assert.equal(first(root, 'CreditNoteLine/CreditedQuantity')?.['@_unitCode'], 'MTR')
    assert.isUndefined(first(root, 'DueDate'))
    assert.equal(textAt(root, 'PaymentTerms/Note'), 'Note de crédit sur la facture FAC-2026-00042')
    assert.isNull(followsSequence(childOrder(xml, 1), CREDIT_NOTE_SEQUENCE))
  })

  test('the PDF is embedded as an attachment', ({ assert }) => {
    const pdf = Buffer.from('%PDF-1.7 facture').toString('base64')
    const xml = generateUbl({
      ...invoice(),
      attachment: {
        base64: pdf,
        filename: 'FAC-2026-00042.pdf',
        description: 'Facture FAC-2026-00042',
      },
    })
    assert.deepEqual(checkPeppolRules(xml), [])
    const object = first(
      rootOf(xml),
      'AdditionalDocumentReference/Attachment/EmbeddedDocumentBinaryObject'
    )
    assert.equal(object?.['@_mimeCode'], 'application/pdf')
    assert.equal(object?.['@_filename'], 'FAC-2026-00042.pdf')
    assert.equal(Buffer.from(text(object), 'base64').toString(), '%PDF-1.7 facture')
  })

  test('a client name with « & < > " \' » survives', ({ assert }) => {
    const name = `Dupont & Fils <« "Le Chêne" »> l'atelier`
    const doc = invoice()
    doc.buyer = { ...doc.buyer, name }
    doc.lines[0].name = `Porte <entrée> & "imposte"`
    const xml = generateUbl(doc)
    assert.deepEqual(checkPeppolRules(xml), [])
    const root = rootOf(xml)
    assert.equal(
      textAt(root, 'AccountingCustomerParty/Party/PartyLegalEntity/RegistrationName'),
      name
    )
    assert.equal(textAt(root, 'InvoiceLine/Item/Name'), `Porte <entrée> & "imposte"`)
    assert.include(xml, 'Dupont &amp; Fils &lt;« "Le Chêne" »&gt;')
  })

  test('every unit of the catalogue maps to an accepted UN/ECE rec 20 code', ({ assert }) => {
    for (const unite of UNITES) assert.isTrue(ALLOWED_UNIT_CODES.has(UNIT_CODES[unite]), unite)
  })

  test('0208 check digits: 97 − (first eight mod 97)', ({ assert }) => {
    assert.isTrue(isValid0208('0456789034'))
    assert.isFalse(isValid0208('0456789035'))
    assert.isFalse(isValid0208('456789034'))
  })

  test('tests/fixtures/ubl/invoice_example.xml is the generated invoice', ({ assert }) => {
    const example = readFileSync(
      new URL('../../fixtures/ubl/invoice_example.xml', import.meta.url),
      'utf8'
    )
    assert.equal(example, generateUbl(invoice()))
  })
})
