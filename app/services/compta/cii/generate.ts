/*
 * UN/CEFACT Cross Industry Invoice (D16B) of the Factur-X 1.0 EN 16931 profile (issue 11 §5):
 * the XML a Factur-X PDF carries as factur-x.xml. Same input (UblDocument) and same figures
 * (../ubl/totals.ts, i.e. shared/totals.ts) as the Peppol UBL, so the two e-invoices and the
 * PDF agree to the cent. Elements follow the CII schema sequences; no element is written
 * empty; amounts carry no currencyID except the VAT total (BT-110), as CII wants.
 */
import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js'
import { normalizeIban } from '#shared/validation/belgium'
import { normalizeBic } from '#shared/societes'
import { pctBasisPoints, quantiteMillis } from '#shared/totals'
import { VAT_EXEMPTION_DEFAULTS, amount, decimal, unitCode } from '../ubl/codes.js'
import { computeUblTotals } from '../ubl/totals.js'
import type { UblDocument, UblParty, VatCategory } from '../ubl/types.js'

export const CII_NS = {
  rsm: 'urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100',
  ram: 'urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100',
  qdt: 'urn:un:unece:uncefact:data:standard:QualifiedDataType:100',
  udt: 'urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100',
} as const

/** BT-24 of the Factur-X EN 16931 (« Comfort ») profile. */
export const FACTURX_GUIDELINE = 'urn:cen.eu:en16931:2017'

type Node = XMLBuilder

function el(parent: Node, name: string, text: string | null | undefined, attrs?: object): Node {
  const value = text?.trim()
  if (value) parent.ele(name, attrs as Record<string, string>).txt(value)
  return parent
}

/** "2026-03-12" → "20260312" (UNTDID 2379 format 102). */
function date102(parent: Node, name: string, iso: string | null | undefined, qualified = false) {
  if (!iso) return
  const ns = qualified ? 'qdt' : 'udt'
  parent.ele(name).ele(`${ns}:DateTimeString`, { format: '102' }).txt(iso.replaceAll('-', ''))
}

function percent(rate: number): string {
  return decimal(BigInt(Math.round(rate * 100)), 2)
}

function compactVat(vat: string): string {
  return vat.toUpperCase().replace(/[\s.\-/]/g, '')
}

/**
 * BT-30 / BT-47, the legal registration: the Belgian enterprise number (ICD 0208, 10 digits), or
 * the French SIREN (ICD 0002) read from a French VAT number (FR + 2-character key + SIREN).
 */
export function legalId(p: UblParty): { id: string; scheme: string } | null {
  const source = compactVat(p.enterpriseNumber || p.vatNumber || '')
  const be = /^(?:BE)?([01]\d{9})$/.exec(source) ?? /^(?:BE)?(\d{9})$/.exec(source)
  if (be) return { id: be[1].padStart(10, '0'), scheme: '0208' }
  const fr = /^FR[0-9A-Z]{2}(\d{9})$/.exec(source)
  if (fr) return { id: fr[1], scheme: '0002' }
  return null
}

function tradeParty(parent: Node, name: string, p: UblParty): void {
  const node = parent.ele(name)
  el(node, 'ram:Name', p.name)
  const legal = legalId(p)
  if (legal) {
    el(node.ele('ram:SpecifiedLegalOrganization'), 'ram:ID', legal.id, { schemeID: legal.scheme })
  }
  if (p.contactName || p.email) {
    const contact = node.ele('ram:DefinedTradeContact')
    el(contact, 'ram:PersonName', p.contactName)
    if (p.email?.trim()) el(contact.ele('ram:EmailURIUniversalCommunication'), 'ram:URIID', p.email)
  }
  const address = node.ele('ram:PostalTradeAddress')
  el(address, 'ram:PostcodeCode', p.address.postcode)
  el(address, 'ram:LineOne', p.address.street)
  el(address, 'ram:CityName', p.address.city)
  el(address, 'ram:CountryID', p.address.country.toUpperCase())
  // BT-34 / BT-49: the enterprise number as Peppol endpoint, else the e-mail address
  if (legal?.scheme === '0208') {
    el(node.ele('ram:URIUniversalCommunication'), 'ram:URIID', legal.id, { schemeID: '0208' })
  } else if (p.email?.trim()) {
    el(node.ele('ram:URIUniversalCommunication'), 'ram:URIID', p.email, { schemeID: 'EM' })
  }
  if (p.vatNumber?.trim()) {
    el(node.ele('ram:SpecifiedTaxRegistration'), 'ram:ID', compactVat(p.vatNumber), {
      schemeID: 'VA',
    })
  }
}

function exemption(doc: UblDocument, category: VatCategory) {
  if (category !== 'AE' && category !== 'E') return null
  const defaults = VAT_EXEMPTION_DEFAULTS[category]
  return { code: defaults.code, reason: doc.exemptionReasons?.[category] ?? defaults.reason }
}

function allowance(
  parent: Node,
  a: { pct: bigint; base: number; amount: number; reason: string },
  tax?: { category: VatCategory; rate: number }
): void {
  const node = parent.ele('ram:SpecifiedTradeAllowanceCharge')
  el(node.ele('ram:ChargeIndicator'), 'udt:Indicator', 'false')
  el(node, 'ram:CalculationPercent', decimal(a.pct, 2))
  el(node, 'ram:BasisAmount', amount(a.base))
  el(node, 'ram:ActualAmount', amount(a.amount))
  el(node, 'ram:ReasonCode', '95')
  el(node, 'ram:Reason', a.reason)
  if (tax) {
    const t = node.ele('ram:CategoryTradeTax')
    el(t, 'ram:TypeCode', 'VAT')
    el(t, 'ram:CategoryCode', tax.category)
    el(t, 'ram:RateApplicablePercent', percent(tax.rate))
  }
}

export function generateCii(doc: UblDocument): string {
  for (const line of doc.lines) {
    if (line.vatCategory !== 'S' && line.vatRate !== 0) {
      throw new RangeError(
        `Ligne ${line.id}\u00a0: la catégorie ${line.vatCategory} exige un taux de 0\u00a0%.`
      )
    }
  }
  const credit = doc.kind === 'credit_note'
  const totals = computeUblTotals(doc)
  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    CII_NS.rsm,
    'rsm:CrossIndustryInvoice',
    { 'xmlns:ram': CII_NS.ram, 'xmlns:qdt': CII_NS.qdt, 'xmlns:udt': CII_NS.udt }
  )
  el(
    root.ele('rsm:ExchangedDocumentContext').ele('ram:GuidelineSpecifiedDocumentContextParameter'),
    'ram:ID',
    FACTURX_GUIDELINE
  )
  const header = root.ele('rsm:ExchangedDocument')
  el(header, 'ram:ID', doc.numero)
  el(header, 'ram:TypeCode', credit ? '381' : '380')
  date102(header, 'ram:IssueDateTime', doc.issueDate)
  if (doc.note?.trim()) el(header.ele('ram:IncludedNote'), 'ram:Content', doc.note)

  const transaction = root.ele('rsm:SupplyChainTradeTransaction')
  doc.lines.forEach((line, i) => {
    const figures = totals.lines[i]
    const item = transaction.ele('ram:IncludedSupplyChainTradeLineItem')
    el(item.ele('ram:AssociatedDocumentLineDocument'), 'ram:LineID', line.id)
    const product = item.ele('ram:SpecifiedTradeProduct')
    el(product, 'ram:SellerAssignedID', line.sellerItemId)
    el(product, 'ram:Name', line.name)
    el(product, 'ram:Description', line.description)
    el(
      item.ele('ram:SpecifiedLineTradeAgreement').ele('ram:NetPriceProductTradePrice'),
      'ram:ChargeAmount',
      amount(line.unitPriceCents)
    )
    el(
      item.ele('ram:SpecifiedLineTradeDelivery'),
      'ram:BilledQuantity',
      decimal(quantiteMillis(line.quantity), 3),
      { unitCode: unitCode(line.unit) }
    )
    const settlement = item.ele('ram:SpecifiedLineTradeSettlement')
    const tax = settlement.ele('ram:ApplicableTradeTax')
    el(tax, 'ram:TypeCode', 'VAT')
    el(tax, 'ram:CategoryCode', line.vatCategory)
    el(tax, 'ram:RateApplicablePercent', percent(line.vatRate))
    if (figures.allowance !== 0) {
      allowance(settlement, {
        pct: pctBasisPoints(line.discountPct),
        base: figures.gross,
        amount: figures.allowance,
        reason: 'Remise',
      })
    }
    el(
      settlement.ele('ram:SpecifiedTradeSettlementLineMonetarySummation'),
      'ram:LineTotalAmount',
      amount(figures.net)
    )
  })

  const agreement = transaction.ele('ram:ApplicableHeaderTradeAgreement')
  el(agreement, 'ram:BuyerReference', doc.buyerReference)
  tradeParty(agreement, 'ram:SellerTradeParty', doc.seller)
  tradeParty(agreement, 'ram:BuyerTradeParty', doc.buyer)
  if (doc.orderReference?.trim()) {
    el(
      agreement.ele('ram:BuyerOrderReferencedDocument'),
      'ram:IssuerAssignedID',
      doc.orderReference
    )
  }
  // Required by the schema, nothing to say in it (no delivery date on our documents)
  transaction.ele('ram:ApplicableHeaderTradeDelivery')

  const settlement = transaction.ele('ram:ApplicableHeaderTradeSettlement')
  el(settlement, 'ram:PaymentReference', doc.payment?.structuredCommunication)
  el(settlement, 'ram:InvoiceCurrencyCode', doc.currency)
  if (doc.payment) {
    const means = settlement.ele('ram:SpecifiedTradeSettlementPaymentMeans')
    el(means, 'ram:TypeCode', doc.payment.meansCode)
    const account = means.ele('ram:PayeePartyCreditorFinancialAccount')
    el(account, 'ram:IBANID', normalizeIban(doc.payment.iban))
    el(account, 'ram:AccountName', doc.payment.accountName)
    if (doc.payment.bic) {
      el(
        means.ele('ram:PayeeSpecifiedCreditorFinancialInstitution'),
        'ram:BICID',
        normalizeBic(doc.payment.bic)
      )
    }
  }
  for (const group of totals.breakdown) {
    const tax = settlement.ele('ram:ApplicableTradeTax')
    const ex = exemption(doc, group.category)
    el(tax, 'ram:CalculatedAmount', amount(group.tax))
    el(tax, 'ram:TypeCode', 'VAT')
    el(tax, 'ram:ExemptionReason', ex?.reason)
    el(tax, 'ram:BasisAmount', amount(group.taxable))
    el(tax, 'ram:CategoryCode', group.category)
    el(tax, 'ram:ExemptionReasonCode', ex?.code)
    el(tax, 'ram:RateApplicablePercent', percent(group.rate))
  }
  const globalPct = pctBasisPoints(doc.globalDiscountPct)
  for (const group of totals.breakdown) {
    if (group.allowance === 0) continue
    allowance(
      settlement,
      { pct: globalPct, base: group.linesNet, amount: group.allowance, reason: 'Remise globale' },
      { category: group.category, rate: group.rate }
    )
  }
  const terms =
    doc.paymentTerms ??
    (credit && doc.billingReference
      ? `Note de crédit sur la facture ${doc.billingReference.numero}`
      : null)
  if (terms || doc.dueDate) {
    const node = settlement.ele('ram:SpecifiedTradePaymentTerms')
    el(node, 'ram:Description', terms)
    date102(node, 'ram:DueDateDateTime', doc.dueDate)
  }
  const sum = settlement.ele('ram:SpecifiedTradeSettlementHeaderMonetarySummation')
  el(sum, 'ram:LineTotalAmount', amount(totals.lineExtension))
  if (totals.allowanceTotal) el(sum, 'ram:AllowanceTotalAmount', amount(totals.allowanceTotal))
  el(sum, 'ram:TaxBasisTotalAmount', amount(totals.taxExclusive))
  el(sum, 'ram:TaxTotalAmount', amount(totals.tax), { currencyID: doc.currency })
  el(sum, 'ram:GrandTotalAmount', amount(totals.taxInclusive))
  if (totals.prepaid) el(sum, 'ram:TotalPrepaidAmount', amount(totals.prepaid))
  el(sum, 'ram:DuePayableAmount', amount(totals.payable))
  if (doc.billingReference?.numero.trim()) {
    const ref = settlement.ele('ram:InvoiceReferencedDocument')
    el(ref, 'ram:IssuerAssignedID', doc.billingReference.numero)
    date102(ref, 'ram:FormattedIssueDateTime', doc.billingReference.issueDate, true)
  }
  return root.end({ prettyPrint: true })
}
