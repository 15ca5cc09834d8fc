/*
 * The Peppol / EN 16931 rule checks (app/services/compta/ubl/rules.ts): the generated documents
 * pass every rule, and one negative fixture per rule id — the good XML mutated so that exactly
 * that rule breaks (totals that follow from a changed figure are carried along, so BR-CO-16
 * does not fire for a BR-CO-15 fault).
 */
import { test } from '@japa/runner'
import { generateUbl } from '#services/compta/ubl/generate'
import { checkPeppolRules } from '#services/compta/ubl/rules'
import {
  autoliquidation,
  block,
  bump,
  bumpAll,
  creditNote,
  inBlock,
  insertAfter,
  invoice,
  mixedCategories,
  remove,
  removeAll,
  setText,
  solde,
} from '#tests/fixtures/ubl/documents'

const ids = (xml: string) => [...new Set(checkPeppolRules(xml).map((v) => v.id))].sort()

const INV = generateUbl(invoice())
const AE = generateUbl(autoliquidation())
const AE_NO_DISCOUNT = generateUbl({ ...autoliquidation(), globalDiscountPct: null })
const MIXED = generateUbl(mixedCategories())
// Line 3 of the invoice: a forfait without discount; line 1 has a 10 % discount
const LINE_FORFAIT = 2
const LINE_DISCOUNT = 0
const onLine = (xml: string, nth: number, fn: (s: string) => string) =>
  inBlock(xml, 'cac:InvoiceLine', nth, fn)
const subtotal = (xml: string, nth: number) => block(xml, 'cac:TaxSubtotal', nth)
const duplicateSubtotal = (xml: string, nth: number) => {
  const part = subtotal(xml, nth)
  return xml.replace(part, `${part}\n    ${part}`)
}

test.group('Peppol rules / the generated documents pass', () => {
  const docs = { invoice, solde, autoliquidation, mixedCategories, creditNote }
  for (const [name, make] of Object.entries(docs)) {
    test(`${name}: no rule broken`, ({ assert }) => {
      assert.deepEqual(checkPeppolRules(generateUbl(make())), [])
    })
  }
})

type Case = [id: string, what: string, xml: () => string, expected?: string[]]

const CASES: Case[] = [
  ['BR-01', 'no CustomizationID', () => remove(INV, 'cbc:CustomizationID')],
  ['BR-02', 'no invoice number', () => remove(INV, 'cbc:ID')],
  ['BR-03', 'no issue date', () => remove(INV, 'cbc:IssueDate')],
  ['BR-04', 'no type code', () => remove(INV, 'cbc:InvoiceTypeCode')],
  ['BR-05', 'no currency', () => remove(INV, 'cbc:DocumentCurrencyCode')],
  ['BR-06', 'no seller name', () => remove(INV, 'cbc:RegistrationName', 0)],
  ['BR-07', 'no buyer name', () => remove(INV, 'cbc:RegistrationName', 1)],
  ['BR-08', 'no seller address', () => remove(INV, 'cac:PostalAddress', 0)],
  ['BR-09', 'no seller country', () => remove(INV, 'cac:Country', 0)],
  ['BR-10', 'no buyer address', () => remove(INV, 'cac:PostalAddress', 1)],
  ['BR-11', 'no buyer country', () => remove(INV, 'cac:Country', 1)],
  ['BR-12', 'no sum of line nets', () => remove(INV, 'cbc:LineExtensionAmount', 0)],
  ['BR-13', 'no total HT', () => remove(INV, 'cbc:TaxExclusiveAmount')],
  ['BR-14', 'no total TTC', () => remove(INV, 'cbc:TaxInclusiveAmount')],
  ['BR-15', 'no amount due', () => remove(INV, 'cbc:PayableAmount')],
  ['BR-16', 'no line', () => removeAll(INV, 'cac:InvoiceLine')],
  ['BR-21', 'a line without id', () => onLine(INV, LINE_FORFAIT, (s) => remove(s, 'cbc:ID', 0))],
  [
    'BR-22',
    'a line without quantity',
    () => onLine(INV, LINE_FORFAIT, (s) => remove(s, 'cbc:InvoicedQuantity')),
  ],
  [
    'BR-23',
    'a quantity without unit',
    () => onLine(INV, LINE_FORFAIT, (s) => s.replace(' unitCode="C62"', '')),
  ],
  [
    'BR-24',
    'a line without net amount',
    () => onLine(INV, LINE_FORFAIT, (s) => remove(s, 'cbc:LineExtensionAmount')),
  ],
  ['BR-25', 'a line without name', () => onLine(INV, LINE_FORFAIT, (s) => remove(s, 'cbc:Name'))],
  ['BR-26', 'a line without price', () => onLine(INV, LINE_FORFAIT, (s) => remove(s, 'cac:Price'))],
  ['BR-49', 'payment means without code', () => remove(INV, 'cbc:PaymentMeansCode')],
  ['BR-61', 'a transfer without IBAN', () => remove(INV, 'cac:PayeeFinancialAccount')],
  ['BR-CL-23', 'an unknown unit code', () => INV.replace('unitCode="C62"', 'unitCode="XYZ"')],
  [
    'BR-CO-04',
    'a line without VAT category',
    () => onLine(INV, LINE_FORFAIT, (s) => remove(s, 'cbc:ID', 1)),
  ],
  [
    'BR-CO-09',
    'a VAT number without country prefix',
    () => setText(INV, 'cbc:CompanyID', '0456789034', 0),
  ],
  [
    'BR-CO-10',
    'sum of line nets ≠ LineExtensionAmount',
    () =>
      bumpAll(
        INV,
        100,
        'LineExtensionAmount',
        'TaxExclusiveAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      ),
  ],
  [
    'BR-CO-11',
    'AllowanceTotalAmount ≠ sum of allowances',
    () =>
      bumpAll(
        bump(INV, 'cbc:AllowanceTotalAmount', 100),
        -100,
        'TaxExclusiveAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      ),
  ],
  [
    'BR-CO-12',
    'ChargeTotalAmount without charges',
    () =>
      bumpAll(
        insertAfter(
          INV,
          '<cbc:AllowanceTotalAmount',
          '    <cbc:ChargeTotalAmount currencyID="EUR">1.00</cbc:ChargeTotalAmount>'
        ),
        100,
        'TaxExclusiveAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      ),
  ],
  [
    'BR-CO-13',
    'TaxExclusiveAmount ≠ lines − allowances',
    () => bumpAll(INV, 100, 'TaxExclusiveAmount', 'TaxInclusiveAmount', 'PayableAmount'),
  ],
  [
    'BR-CO-14',
    'tax total ≠ sum of the breakdown',
    () => bumpAll(INV, 100, 'TaxAmount', 'TaxInclusiveAmount', 'PayableAmount'),
  ],
  [
    'BR-CO-15',
    'TaxInclusiveAmount ≠ HT + TVA',
    () => bumpAll(INV, 100, 'TaxInclusiveAmount', 'PayableAmount'),
  ],
  ['BR-CO-16', 'PayableAmount ≠ TTC − prepaid', () => bump(INV, 'cbc:PayableAmount', 100)],
  [
    'BR-CO-16',
    'a solde whose prepaid amount is not deducted',
    () => bump(generateUbl(solde()), 'cbc:PayableAmount', 300_000),
  ],
  ['BR-CO-25', 'an amount due without due date nor terms', () => remove(INV, 'cbc:DueDate')],
  [
    'BR-S-01',
    'S lines without S breakdown',
    () => {
      const tax = Number(block(MIXED, 'cbc:TaxAmount', 1).replace(/<[^>]+>/g, ''))
      const cents = Math.round(tax * 100)
      return bumpAll(
        remove(MIXED, 'cac:TaxSubtotal', 0),
        -cents,
        'TaxAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      )
    },
  ],
  [
    'BR-S-05',
    'an S line without rate',
    () => onLine(INV, LINE_FORFAIT, (s) => remove(s, 'cbc:Percent')),
  ],
  [
    'BR-S-08',
    'taxable amount at 21 % ≠ lines − allowances',
    () => bump(INV, 'cbc:TaxableAmount', 1, 0),
  ],
  [
    'BR-S-09',
    'VAT at 21 % ≠ base × rate',
    () =>
      bumpAll(
        bump(INV, 'cbc:TaxAmount', 5, 1),
        5,
        'TaxAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      ),
  ],
  ['BR-AE-01', 'two AE breakdowns', () => duplicateSubtotal(AE, 0)],
  [
    'BR-AE-02',
    'AE lines without the seller’s VAT number',
    () => remove(AE_NO_DISCOUNT, 'cac:PartyTaxScheme', 0),
  ],
  [
    'BR-AE-03',
    'an AE global discount without the seller’s VAT number (the lines break BR-AE-02 too)',
    () => remove(AE, 'cac:PartyTaxScheme', 0),
    ['BR-AE-02', 'BR-AE-03'],
  ],
  [
    'BR-AE-05',
    'an AE line at 21 %',
    () => inBlock(AE, 'cac:InvoiceLine', 0, (s) => setText(s, 'cbc:Percent', '21')),
  ],
  ['BR-AE-08', 'AE taxable amount ≠ lines − allowances', () => bump(AE, 'cbc:TaxableAmount', 100)],
  [
    'BR-AE-09',
    'VAT in an AE breakdown',
    () =>
      bumpAll(
        bump(AE, 'cbc:TaxAmount', 100, 1),
        100,
        'TaxAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      ),
  ],
  [
    'BR-AE-10',
    'an AE breakdown without exemption reason',
    () => remove(remove(AE, 'cbc:TaxExemptionReasonCode'), 'cbc:TaxExemptionReason'),
  ],
  ['BR-E-01', 'two E breakdowns', () => duplicateSubtotal(MIXED, 2)],
  [
    'BR-E-05',
    'an E line at 6 %',
    () => inBlock(MIXED, 'cac:InvoiceLine', 2, (s) => setText(s, 'cbc:Percent', '6')),
  ],
  ['BR-E-08', 'E taxable amount ≠ lines', () => bump(MIXED, 'cbc:TaxableAmount', 100, 2)],
  [
    'BR-E-09',
    'VAT in an E breakdown',
    () =>
      bumpAll(
        bump(MIXED, 'cbc:TaxAmount', 100, 3),
        100,
        'TaxAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      ),
  ],
  [
    'BR-E-10',
    'an E breakdown without exemption reason',
    () => remove(MIXED, 'cbc:TaxExemptionReason'),
  ],
  ['BR-Z-01', 'two Z breakdowns', () => duplicateSubtotal(MIXED, 1)],
  [
    'BR-Z-05',
    'a Z line at 6 %',
    () => inBlock(MIXED, 'cac:InvoiceLine', 1, (s) => setText(s, 'cbc:Percent', '6')),
  ],
  ['BR-Z-08', 'Z taxable amount ≠ lines', () => bump(MIXED, 'cbc:TaxableAmount', 100, 1)],
  [
    'BR-Z-09',
    'VAT in a Z breakdown',
    () =>
      bumpAll(
        bump(MIXED, 'cbc:TaxAmount', 100, 2),
        100,
        'TaxAmount',
        'TaxInclusiveAmount',
        'PayableAmount'
      ),
  ],
  ['PEPPOL-EN16931-R001', 'no ProfileID', () => remove(INV, 'cbc:ProfileID')],
  [
    'PEPPOL-EN16931-R003',
    'neither buyer reference nor order reference',
    () => remove(INV, 'cac:OrderReference'),
  ],
  [
    'PEPPOL-EN16931-R004',
    'a CustomizationID other than Peppol BIS 3',
    () => setText(INV, 'cbc:CustomizationID', 'urn:cen.eu:en16931:2017'),
  ],
  [
    'PEPPOL-EN16931-R008',
    'an empty element',
    () =>
      insertAfter(INV, '<cbc:DocumentCurrencyCode>', '  <cbc:AccountingCost></cbc:AccountingCost>'),
  ],
  [
    'PEPPOL-EN16931-R008',
    'an element with only an attribute',
    () => setText(INV, 'cbc:EndpointID', '', 1),
    ['PEPPOL-COMMON-R043', 'PEPPOL-EN16931-R008'],
  ],
  ['PEPPOL-EN16931-R010', 'no buyer electronic address', () => remove(INV, 'cbc:EndpointID', 1)],
  ['PEPPOL-EN16931-R020', 'no seller electronic address', () => remove(INV, 'cbc:EndpointID', 0)],
  [
    'PEPPOL-EN16931-R040',
    'allowance ≠ base × percentage',
    () => onLine(INV, LINE_DISCOUNT, (s) => setText(s, 'cbc:MultiplierFactorNumeric', '11')),
  ],
  [
    'PEPPOL-EN16931-R041',
    'a percentage without base amount',
    () => onLine(INV, LINE_DISCOUNT, (s) => remove(s, 'cbc:BaseAmount')),
  ],
  [
    'PEPPOL-EN16931-R042',
    'a base amount without percentage',
    () => onLine(INV, LINE_DISCOUNT, (s) => remove(s, 'cbc:MultiplierFactorNumeric')),
  ],
  [
    'PEPPOL-EN16931-R051',
    'an amount in another currency',
    () => INV.replace('<cbc:PriceAmount currencyID="EUR">', '<cbc:PriceAmount currencyID="USD">'),
  ],
  [
    'PEPPOL-EN16931-R053',
    'two tax totals with subtotals',
    () => INV.replace('</cac:TaxTotal>', `</cac:TaxTotal>\n  ${block(INV, 'cac:TaxTotal')}`),
  ],
  [
    'PEPPOL-EN16931-R120',
    'line net ≠ quantity × price − allowance',
    () => onLine(INV, LINE_FORFAIT, (s) => bump(s, 'cbc:PriceAmount', 5)),
  ],
  [
    'PEPPOL-COMMON-R043',
    'wrong check digits of the buyer’s 0208 endpoint',
    () => setText(INV, 'cbc:EndpointID', '0677889944', 1),
  ],
  [
    'PEPPOL-COMMON-R043',
    'a 0208 legal id of 9 digits',
    () => setText(INV, 'cbc:CompanyID', '456789034', 1),
  ],
  ['XML-WELLFORMED', 'a truncated document', () => INV.slice(0, INV.length - 20)],
]

test.group('Peppol rules / one negative fixture per rule', () => {
  for (const [id, what, xml, expected] of CASES) {
    test(`${id}: ${what}`, ({ assert }) => {
      assert.deepEqual(ids(xml()), expected ?? [id])
    })
  }

  test('the messages are in French with the app’s money format', ({ assert }) => {
    const [violation] = checkPeppolRules(bump(INV, 'cbc:PayableAmount', 100))
    assert.equal(
      violation.message,
      'À payer 13\u00a0471,39\u00a0€ ≠ TTC − acomptes 13\u00a0470,39\u00a0€.'
    )
  })

  test('every rule id the brief asks for has a negative fixture', ({ assert }) => {
    const covered = new Set(CASES.map((c) => c[0]))
    const required = [
      ...['10', '11', '12', '13', '14', '15', '16'].map((n) => `BR-CO-${n}`),
      'BR-S-08',
      'BR-S-09',
      ...['01', '02', '03', '05', '08', '09', '10'].map((n) => `BR-AE-${n}`),
      'BR-E-01',
      'BR-E-08',
      'BR-E-10',
      'BR-Z-08',
      ...['001', '003', '004', '008', '010', '040', '041', '042', '053'].map(
        (n) => `PEPPOL-EN16931-R${n}`
      ),
      'PEPPOL-COMMON-R043',
      'BR-CL-23',
      ...Array.from({ length: 16 }, (_, i) => `BR-${String(i + 1).padStart(2, '0')}`),
    ]
    assert.deepEqual(
      required.filter((id) => !covered.has(id)),
      []
    )
  })
})
