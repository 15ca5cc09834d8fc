/*
 * The Factur-X CII (app/services/compta/cii): values at their CII paths, the same figures as the
 * Peppol UBL of the same input, and the EN 16931 rule checks — every generated document passes,
 * and one negative fixture per rule id (the good XML mutated so that this rule breaks; totals
 * that follow from a changed figure are carried along, as in rules_ubl.spec.ts).
 */
import { test } from '@japa/runner'
import { generateCii, legalId } from '#services/compta/cii/generate'
import { checkCiiRules } from '#services/compta/cii/rules'
import { generateUbl } from '#services/compta/ubl/generate'
import { all, first, parseXml, textAt, attr, type XNode } from '#services/compta/ubl/xml_read'
import type { UblDocument } from '#services/compta/ubl/types'
import { MENTION_AUTOLIQUIDATION } from '#shared/document'
import {
  autoliquidation,
  bump,
  creditNote,
  inBlock,
  invoice,
  mixedCategories,
  remove,
  removeAll,
  setText,
  solde,
  BUYER,
} from '#tests/fixtures/ubl/documents'

const ids = (xml: string) => [...new Set(checkCiiRules(xml).map((v) => v.id))].sort()
const root = (xml: string): XNode => parseXml(xml).CrossIndustryInvoice[0]
const T = 'SupplyChainTradeTransaction'
const AGREEMENT = `${T}/ApplicableHeaderTradeAgreement`
const SETTLEMENT = `${T}/ApplicableHeaderTradeSettlement`
const SUM = `${SETTLEMENT}/SpecifiedTradeSettlementHeaderMonetarySummation`

const french = (): UblDocument => ({
  ...invoice(),
  orderReference: null,
  buyerReference: 'FAC-2026-00042',
  buyer: {
    name: 'Atelier Lumière',
    enterpriseNumber: 'FR40303265045',
    vatNumber: 'FR40303265045',
    address: { street: '12 rue des Lilas', city: 'Lille', postcode: '59000', country: 'FR' },
    email: 'compta@lumiere.test',
  },
})

test.group('CII / values at their paths', () => {
  test('header, parties, payment, breakdown and totals of an invoice', ({ assert }) => {
    const x = root(generateCii(invoice()))
    assert.equal(
      textAt(x, 'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID'),
      'urn:cen.eu:en16931:2017'
    )
    assert.equal(textAt(x, 'ExchangedDocument/ID'), 'FAC-2026-00042')
    assert.equal(textAt(x, 'ExchangedDocument/TypeCode'), '380')
    const issue = first(x, 'ExchangedDocument/IssueDateTime/DateTimeString')
    assert.equal(textAt(x, 'ExchangedDocument/IssueDateTime/DateTimeString'), '20260312')
    assert.equal(attr(issue, 'format'), '102')
    assert.equal(
      textAt(x, `${AGREEMENT}/BuyerOrderReferencedDocument/IssuerAssignedID`),
      'BDC-2026-00017'
    )
    const seller = first(x, `${AGREEMENT}/SellerTradeParty`)
    assert.equal(textAt(seller, 'Name'), 'Menuiseries Dubois & Fils')
    assert.equal(textAt(seller, 'SpecifiedLegalOrganization/ID'), '0456789034')
    assert.equal(attr(first(seller, 'SpecifiedLegalOrganization/ID'), 'schemeID'), '0208')
    assert.equal(textAt(seller, 'SpecifiedTaxRegistration/ID'), 'BE0456789034')
    assert.equal(attr(first(seller, 'SpecifiedTaxRegistration/ID'), 'schemeID'), 'VA')
    assert.equal(textAt(seller, 'PostalTradeAddress/CountryID'), 'BE')
    assert.equal(textAt(seller, 'PostalTradeAddress/PostcodeCode'), '5000')
    assert.equal(textAt(x, `${SETTLEMENT}/PaymentReference`), '+++260/0000/04214+++')
    assert.equal(textAt(x, `${SETTLEMENT}/InvoiceCurrencyCode`), 'EUR')
    const means = first(x, `${SETTLEMENT}/SpecifiedTradeSettlementPaymentMeans`)
    assert.equal(textAt(means, 'TypeCode'), '58')
    assert.equal(textAt(means, 'PayeePartyCreditorFinancialAccount/IBANID'), 'BE68539007547034')
    assert.equal(textAt(means, 'PayeeSpecifiedCreditorFinancialInstitution/BICID'), 'GKCCBEBB')
    const taxes = all(x, `${SETTLEMENT}/ApplicableTradeTax`)
    assert.deepEqual(
      taxes.map((t) => [textAt(t, 'CategoryCode'), textAt(t, 'RateApplicablePercent')]),
      [
        ['S', '21'],
        ['S', '6'],
      ]
    )
    assert.equal(
      textAt(x, `${SETTLEMENT}/SpecifiedTradePaymentTerms/DueDateDateTime/DateTimeString`),
      '20260411'
    )
    assert.equal(attr(first(x, `${SUM}/TaxTotalAmount`), 'currencyID'), 'EUR')
    assert.isUndefined(attr(first(x, `${SUM}/GrandTotalAmount`), 'currencyID'))
    const line = first(x, `${T}/IncludedSupplyChainTradeLineItem`)
    assert.equal(textAt(line, 'SpecifiedTradeProduct/SellerAssignedID'), 'CH-PVC-120140')
    assert.equal(textAt(line, 'SpecifiedLineTradeDelivery/BilledQuantity'), '2')
    assert.equal(attr(first(line, 'SpecifiedLineTradeDelivery/BilledQuantity'), 'unitCode'), 'H87')
    assert.equal(
      textAt(line, 'SpecifiedLineTradeSettlement/SpecifiedTradeAllowanceCharge/ActualAmount'),
      '250.00'
    )
  })

  test('the same figures as the Peppol UBL of the same input', ({ assert }) => {
    for (const make of [invoice, solde, autoliquidation, mixedCategories, creditNote]) {
      const doc = make()
      const cii = root(generateCii(doc))
      const ubl = parseXml(generateUbl(doc))
      const u: XNode = ubl.Invoice?.[0] ?? ubl.CreditNote?.[0]
      const pairs: [string, string][] = [
        ['LineTotalAmount', 'LineExtensionAmount'],
        ['TaxBasisTotalAmount', 'TaxExclusiveAmount'],
        ['GrandTotalAmount', 'TaxInclusiveAmount'],
        ['DuePayableAmount', 'PayableAmount'],
        ['AllowanceTotalAmount', 'AllowanceTotalAmount'],
        ['TotalPrepaidAmount', 'PrepaidAmount'],
      ]
      for (const [c, b] of pairs) {
        assert.equal(textAt(cii, `${SUM}/${c}`), textAt(u, `LegalMonetaryTotal/${b}`), c)
      }
      assert.equal(textAt(cii, `${SUM}/TaxTotalAmount`), textAt(u, 'TaxTotal/TaxAmount'))
    }
  })

  test('solde: prepaid acomptes deducted from the amount due (BT-113)', ({ assert }) => {
    const x = root(generateCii(solde()))
    assert.equal(textAt(x, `${SUM}/TotalPrepaidAmount`), '3000.00')
    const grand = Number(textAt(x, `${SUM}/GrandTotalAmount`))
    assert.equal(textAt(x, `${SUM}/DuePayableAmount`), (grand - 3000).toFixed(2))
  })

  test('AE and E carry their exemption reason; Z is 0 %', ({ assert }) => {
    const ae = root(generateCii(autoliquidation()))
    const tax = first(ae, `${SETTLEMENT}/ApplicableTradeTax`)
    assert.equal(textAt(tax, 'CategoryCode'), 'AE')
    assert.equal(textAt(tax, 'RateApplicablePercent'), '0')
    assert.equal(textAt(tax, 'CalculatedAmount'), '0.00')
    assert.equal(textAt(tax, 'ExemptionReasonCode'), 'VATEX-EU-AE')
    assert.equal(textAt(tax, 'ExemptionReason'), MENTION_AUTOLIQUIDATION)
    const mixed = all(root(generateCii(mixedCategories())), `${SETTLEMENT}/ApplicableTradeTax`)
    assert.deepEqual(
      mixed.map((t) => [textAt(t, 'CategoryCode'), textAt(t, 'ExemptionReason')]),
      [
        ['S', ''],
        ['Z', ''],
        ['E', 'Exonération de la TVA'],
      ]
    )
  })

  test('a credit note: TypeCode 381 and the invoice it corrects', ({ assert }) => {
    const x = root(generateCii(creditNote()))
    assert.equal(textAt(x, 'ExchangedDocument/TypeCode'), '381')
    const ref = first(x, `${SETTLEMENT}/InvoiceReferencedDocument`)
    assert.equal(textAt(ref, 'IssuerAssignedID'), 'FAC-2026-00042')
    assert.equal(textAt(ref, 'FormattedIssueDateTime/DateTimeString'), '20260312')
  })

  test('a French buyer: SIREN (0002) from his VAT number, e-mail as electronic address', ({
    assert,
  }) => {
    const xml = generateCii(french())
    assert.deepEqual(checkCiiRules(xml), [])
    const buyer = first(root(xml), `${AGREEMENT}/BuyerTradeParty`)
    assert.equal(textAt(buyer, 'SpecifiedLegalOrganization/ID'), '303265045')
    assert.equal(attr(first(buyer, 'SpecifiedLegalOrganization/ID'), 'schemeID'), '0002')
    assert.equal(textAt(buyer, 'SpecifiedTaxRegistration/ID'), 'FR40303265045')
    assert.equal(textAt(buyer, 'URIUniversalCommunication/URIID'), 'compta@lumiere.test')
    assert.equal(attr(first(buyer, 'URIUniversalCommunication/URIID'), 'schemeID'), 'EM')
    assert.deepEqual(legalId(BUYER), { id: '0677889943', scheme: '0208' })
    assert.isNull(legalId({ ...BUYER, enterpriseNumber: '', vatNumber: 'NL123456789B01' }))
  })
})

test.group('CII rules / the generated documents pass', () => {
  const docs = { invoice, solde, autoliquidation, mixedCategories, creditNote, french }
  for (const [name, make] of Object.entries(docs)) {
    test(`${name}: no rule broken`, ({ assert }) => {
      assert.deepEqual(checkCiiRules(generateCii(make())), [])
    })
  }
})

const INV = generateCii(invoice())
const AE = generateCii(autoliquidation())
const AE_NO_DISCOUNT = generateCii({ ...autoliquidation(), globalDiscountPct: null })
const MIXED = generateCii(mixedCategories())
const LINE = 'ram:IncludedSupplyChainTradeLineItem'
// Line 3: a forfait (C62) at 21 % without discount
const onLine = (xml: string, fn: (s: string) => string, nth = 2) => inBlock(xml, LINE, nth, fn)
const onSeller = (xml: string, fn: (s: string) => string) =>
  inBlock(xml, 'ram:SellerTradeParty', 0, fn)
const onBuyer = (xml: string, fn: (s: string) => string) =>
  inBlock(xml, 'ram:BuyerTradeParty', 0, fn)
const onSum = (xml: string, fn: (s: string) => string) =>
  inBlock(xml, 'ram:SpecifiedTradeSettlementHeaderMonetarySummation', 0, fn)
const onSettlement = (xml: string, fn: (s: string) => string) =>
  inBlock(xml, 'ram:ApplicableHeaderTradeSettlement', 0, fn)
const bumpSum = (xml: string, cents: number, ...tags: string[]) =>
  onSum(xml, (s) => tags.reduce((out, tag) => bump(out, `ram:${tag}`, cents), s))

type Case = [id: string, what: string, xml: () => string, expected?: string[]]

const CASES: Case[] = [
  ['BR-01', 'no guideline', () => remove(INV, 'ram:GuidelineSpecifiedDocumentContextParameter')],
  [
    'FX-PROFILE',
    'a profile other than EN 16931',
    () => setText(INV, 'ram:ID', 'urn:factur-x.eu:1p0:basic'),
  ],
  ['BR-02', 'no invoice number', () => remove(INV, 'ram:ID', 1)],
  ['BR-03', 'no issue date', () => remove(INV, 'ram:IssueDateTime')],
  ['BR-04', 'no type code', () => remove(INV, 'ram:TypeCode', 0)],
  ['BR-05', 'no currency', () => remove(INV, 'ram:InvoiceCurrencyCode')],
  ['BR-06', 'no seller name', () => onSeller(INV, (s) => remove(s, 'ram:Name'))],
  ['BR-07', 'no buyer name', () => onBuyer(INV, (s) => remove(s, 'ram:Name'))],
  ['BR-08', 'no seller address', () => onSeller(INV, (s) => remove(s, 'ram:PostalTradeAddress'))],
  ['BR-09', 'no seller country', () => onSeller(INV, (s) => remove(s, 'ram:CountryID'))],
  ['BR-10', 'no buyer address', () => onBuyer(INV, (s) => remove(s, 'ram:PostalTradeAddress'))],
  ['BR-11', 'no buyer country', () => onBuyer(INV, (s) => remove(s, 'ram:CountryID'))],
  ['BR-12', 'no sum of line nets', () => onSum(INV, (s) => remove(s, 'ram:LineTotalAmount'))],
  ['BR-13', 'no total HT', () => remove(INV, 'ram:TaxBasisTotalAmount')],
  ['BR-14', 'no total TTC', () => remove(INV, 'ram:GrandTotalAmount')],
  ['BR-15', 'no amount due', () => remove(INV, 'ram:DuePayableAmount')],
  ['BR-16', 'no line', () => removeAll(INV, LINE)],
  ['BR-21', 'a line without id', () => onLine(INV, (s) => remove(s, 'ram:LineID'))],
  ['BR-22', 'a line without quantity', () => onLine(INV, (s) => remove(s, 'ram:BilledQuantity'))],
  ['BR-23', 'a quantity without unit', () => onLine(INV, (s) => s.replace(' unitCode="C62"', ''))],
  [
    'BR-CL-23',
    'a unit outside rec 20',
    () => onLine(INV, (s) => s.replace('unitCode="C62"', 'unitCode="ZZZ"')),
  ],
  [
    'BR-24',
    'a line without net amount',
    () => onLine(INV, (s) => remove(s, 'ram:SpecifiedTradeSettlementLineMonetarySummation')),
  ],
  ['BR-25', 'a line without name', () => onLine(INV, (s) => remove(s, 'ram:Name'))],
  [
    'BR-26',
    'a line without net price',
    () => onLine(INV, (s) => remove(s, 'ram:NetPriceProductTradePrice')),
  ],
  [
    'BR-CO-04',
    'a line without VAT category',
    () => onLine(INV, (s) => remove(s, 'ram:CategoryCode')),
  ],
  [
    'BR-S-05',
    'a standard rated line at 0 %',
    () => onLine(INV, (s) => setText(s, 'ram:RateApplicablePercent', '0')),
    // Its net leaves the 21 % group: the 21 % base no longer follows from the lines
    ['BR-S-05', 'BR-S-08'],
  ],
  [
    'BR-CO-09',
    'a buyer VAT number without country prefix',
    () => onBuyer(INV, (s) => s.replace('>BE0677889943<', '>0677889943<')),
  ],
  [
    'BR-CO-10',
    'sum of lines ≠ line total',
    () => bumpSum(INV, 1, 'LineTotalAmount'),
    ['BR-CO-10', 'BR-CO-13'],
  ],
  [
    'BR-CO-11',
    'allowance total ≠ sum of allowances',
    () => bumpSum(INV, 1, 'AllowanceTotalAmount'),
    ['BR-CO-11', 'BR-CO-13'],
  ],
  [
    'BR-CO-13',
    'total HT ≠ lines − allowances',
    () => bumpSum(INV, 1, 'TaxBasisTotalAmount', 'GrandTotalAmount', 'DuePayableAmount'),
  ],
  [
    'BR-CO-14',
    'VAT total ≠ sum of the breakdown',
    () => bumpSum(INV, 1, 'TaxTotalAmount', 'GrandTotalAmount', 'DuePayableAmount'),
  ],
  [
    'BR-CO-15',
    'total TTC ≠ HT + VAT',
    () => bumpSum(INV, 1, 'GrandTotalAmount', 'DuePayableAmount'),
  ],
  ['BR-CO-16', 'amount due ≠ TTC − prepaid', () => bumpSum(INV, 1, 'DuePayableAmount')],
  [
    'BR-CO-25',
    'an amount due without due date nor terms',
    () => remove(INV, 'ram:SpecifiedTradePaymentTerms'),
  ],
  [
    'BR-CO-26',
    'a seller without any identifier',
    () =>
      onSeller(INV, (s) =>
        remove(remove(s, 'ram:SpecifiedLegalOrganization'), 'ram:SpecifiedTaxRegistration')
      ),
  ],
  [
    'BR-S-08',
    'a 21 % base that does not follow from the lines',
    () =>
      onSettlement(
        bumpSum(
          bumpSum(bumpSum(INV, 100, 'TaxBasisTotalAmount'), 21, 'TaxTotalAmount'),
          121,
          'GrandTotalAmount',
          'DuePayableAmount'
        ),
        (s) => bump(bump(s, 'ram:BasisAmount', 100), 'ram:CalculatedAmount', 21)
      ),
    // The header total HT carried along no longer follows from the lines either
    ['BR-CO-13', 'BR-S-08'],
  ],
  [
    'BR-S-09',
    'VAT ≠ base × rate',
    () =>
      onSettlement(bumpSum(INV, 1, 'TaxTotalAmount', 'GrandTotalAmount', 'DuePayableAmount'), (s) =>
        bump(s, 'ram:CalculatedAmount', 1)
      ),
  ],
  [
    'BR-AE-02',
    'autoliquidation without the seller’s VAT number',
    () => onSeller(AE_NO_DISCOUNT, (s) => remove(s, 'ram:SpecifiedTaxRegistration')),
  ],
  [
    'BR-AE-03',
    'an autoliquidation discount without the seller’s VAT number',
    () => onSeller(AE, (s) => remove(s, 'ram:SpecifiedTaxRegistration')),
    ['BR-AE-02', 'BR-AE-03'],
  ],
  [
    'BR-AE-05',
    'an autoliquidation line at 21 %',
    () => onLine(AE, (s) => setText(s, 'ram:RateApplicablePercent', '21')),
  ],
  [
    'BR-AE-10',
    'autoliquidation without exemption reason',
    () => removeAll(removeAll(AE, 'ram:ExemptionReason'), 'ram:ExemptionReasonCode'),
  ],
  [
    'BR-Z-01',
    'Z lines without a Z breakdown',
    () => onSettlement(MIXED, (s) => remove(s, 'ram:ApplicableTradeTax', 1)),
  ],
  [
    'BR-Z-05',
    'a zero rated line at 6 %',
    () => onLine(MIXED, (s) => setText(s, 'ram:RateApplicablePercent', '6'), 1),
  ],
  [
    'BR-E-05',
    'an exempt line at 6 %',
    () => onLine(MIXED, (s) => setText(s, 'ram:RateApplicablePercent', '6'), 2),
  ],
  ['BR-E-10', 'an exempt breakdown without reason', () => removeAll(MIXED, 'ram:ExemptionReason')],
  [
    'BR-49',
    'payment means without code',
    () =>
      inBlock(INV, 'ram:SpecifiedTradeSettlementPaymentMeans', 0, (s) => remove(s, 'ram:TypeCode')),
  ],
  ['BR-61', 'a credit transfer without IBAN', () => remove(INV, 'ram:IBANID')],
  [
    'PEPPOL-COMMON-R043',
    'a Belgian enterprise number failing mod 97',
    () =>
      onSeller(INV, (s) => s.replace('schemeID="0208">0456789034<', 'schemeID="0208">0456789035<')),
  ],
  ['XML-WELLFORMED', 'truncated XML', () => INV.slice(0, -40)],
  ['CII-ROOT', 'a UBL instead of a CII', () => generateUbl(invoice())],
]

test.group('CII rules / one negative fixture per rule id', () => {
  for (const [id, what, xml, expected] of CASES) {
    test(`${id}: ${what}`, ({ assert }) => {
      assert.deepEqual(ids(xml()), expected ?? [id])
    })
  }
})
