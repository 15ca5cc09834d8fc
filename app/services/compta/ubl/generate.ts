/*
 * Peppol BIS Billing 3.0 (UBL 2.1) Invoice and CreditNote of an issued facture / note de crédit
 * (issue 11 §5). Elements are written in the order of the UBL 2.1 schema sequences (a schema
 * validator refuses any other order); every amount carries currencyID; no element is written
 * empty (PEPPOL-EN16931-R008). The figures come from ./totals.ts, i.e. shared/totals.ts.
 */
import { create } from 'xmlbuilder2'
import type { XMLBuilder } from 'xmlbuilder2/lib/interfaces.js'
import { normalizeIban } from '#shared/validation/belgium'
import { normalizeBic } from '#shared/societes'
import { pctBasisPoints, quantiteMillis } from '#shared/totals'
import {
  CUSTOMIZATION_ID,
  NS,
  PROFILE_ID,
  SCHEME_BE_ENTERPRISE,
  VAT_EXEMPTION_DEFAULTS,
  amount,
  decimal,
  enterpriseDigits,
  unitCode,
} from './codes.js'
import { computeUblTotals } from './totals.js'
import type { UblDocument, UblParty, VatCategory } from './types.js'

type Node = XMLBuilder

/** Appends <name>text</name> unless text is empty (R008: no empty element). */
function el(parent: Node, name: string, text: string | null | undefined, attrs?: object): Node {
  const value = text?.trim()
  if (value) parent.ele(name, attrs as Record<string, string>).txt(value)
  return parent
}

function money(parent: Node, name: string, cents: number, currency: string): Node {
  return el(parent, name, amount(cents), { currencyID: currency })
}

function percent(rate: number): string {
  return decimal(BigInt(Math.round(rate * 100)), 2)
}

function taxScheme(parent: Node): void {
  parent.ele('cac:TaxScheme').ele('cbc:ID').txt('VAT')
}

/** cac:TaxCategory / cac:ClassifiedTaxCategory: ID, Percent, [exemption], TaxScheme. */
function taxCategory(
  parent: Node,
  name: string,
  category: VatCategory,
  rate: number,
  doc: UblDocument | null
): void {
  const node = parent.ele(name)
  el(node, 'cbc:ID', category)
  el(node, 'cbc:Percent', percent(rate))
  if (doc && (category === 'AE' || category === 'E')) {
    const defaults = VAT_EXEMPTION_DEFAULTS[category]
    el(node, 'cbc:TaxExemptionReasonCode', defaults.code)
    el(node, 'cbc:TaxExemptionReason', doc.exemptionReasons?.[category] ?? defaults.reason)
  }
  taxScheme(node)
}

function party(parent: Node, p: UblParty): void {
  const node = parent.ele('cac:Party')
  const digits = enterpriseDigits(p.enterpriseNumber)
  el(node, 'cbc:EndpointID', digits, { schemeID: SCHEME_BE_ENTERPRISE })
  el(node.ele('cac:PartyName'), 'cbc:Name', p.name)
  const address = node.ele('cac:PostalAddress')
  el(address, 'cbc:StreetName', p.address.street)
  el(address, 'cbc:CityName', p.address.city)
  el(address, 'cbc:PostalZone', p.address.postcode)
  el(address.ele('cac:Country'), 'cbc:IdentificationCode', p.address.country.toUpperCase())
  if (p.vatNumber) {
    const tax = node.ele('cac:PartyTaxScheme')
    el(tax, 'cbc:CompanyID', p.vatNumber.toUpperCase().replace(/[\s.\-/]/g, ''))
    taxScheme(tax)
  }
  const legal = node.ele('cac:PartyLegalEntity')
  el(legal, 'cbc:RegistrationName', p.name)
  el(legal, 'cbc:CompanyID', digits, { schemeID: SCHEME_BE_ENTERPRISE })
  if (p.contactName || p.email) {
    const contact = node.ele('cac:Contact')
    el(contact, 'cbc:Name', p.contactName)
    el(contact, 'cbc:ElectronicMail', p.email)
  }
}

export function generateUbl(doc: UblDocument): string {
  for (const line of doc.lines) {
    if (line.vatCategory !== 'S' && line.vatRate !== 0) {
      throw new RangeError(
        `Ligne ${line.id}\u00a0: la catégorie ${line.vatCategory} exige un taux de 0\u00a0%.`
      )
    }
  }
  const credit = doc.kind === 'credit_note'
  const cur = doc.currency
  const totals = computeUblTotals(doc)

  const root = create({ version: '1.0', encoding: 'UTF-8' }).ele(
    credit ? NS.creditNote : NS.invoice,
    credit ? 'CreditNote' : 'Invoice',
    { 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc }
  )
  el(root, 'cbc:CustomizationID', CUSTOMIZATION_ID)
  el(root, 'cbc:ProfileID', PROFILE_ID)
  el(root, 'cbc:ID', doc.numero)
  el(root, 'cbc:IssueDate', doc.issueDate)
  if (!credit) el(root, 'cbc:DueDate', doc.dueDate)
  el(root, credit ? 'cbc:CreditNoteTypeCode' : 'cbc:InvoiceTypeCode', credit ? '381' : '380')
  el(root, 'cbc:Note', doc.note)
  el(root, 'cbc:DocumentCurrencyCode', cur)
  el(root, 'cbc:BuyerReference', doc.buyerReference)
  if (doc.orderReference?.trim()) el(root.ele('cac:OrderReference'), 'cbc:ID', doc.orderReference)
  if (doc.billingReference?.numero.trim()) {
    const ref = root.ele('cac:BillingReference').ele('cac:InvoiceDocumentReference')
    el(ref, 'cbc:ID', doc.billingReference.numero)
    el(ref, 'cbc:IssueDate', doc.billingReference.issueDate)
  }
  if (doc.attachment) {
    const ref = root.ele('cac:AdditionalDocumentReference')
    el(ref, 'cbc:ID', doc.numero)
    el(ref, 'cbc:DocumentDescription', doc.attachment.description)
    el(ref.ele('cac:Attachment'), 'cbc:EmbeddedDocumentBinaryObject', doc.attachment.base64, {
      mimeCode: 'application/pdf',
      filename: doc.attachment.filename,
    })
  }
  party(root.ele('cac:AccountingSupplierParty'), doc.seller)
  party(root.ele('cac:AccountingCustomerParty'), doc.buyer)

  if (doc.payment) {
    const means = root.ele('cac:PaymentMeans')
    el(means, 'cbc:PaymentMeansCode', doc.payment.meansCode)
    if (credit) el(means, 'cbc:PaymentDueDate', doc.dueDate)
    el(means, 'cbc:PaymentID', doc.payment.structuredCommunication)
    const account = means.ele('cac:PayeeFinancialAccount')
    el(account, 'cbc:ID', normalizeIban(doc.payment.iban))
    el(account, 'cbc:Name', doc.payment.accountName)
    if (doc.payment.bic) {
      el(account.ele('cac:FinancialInstitutionBranch'), 'cbc:ID', normalizeBic(doc.payment.bic))
    }
  }
  const terms =
    doc.paymentTerms ??
    (credit && doc.billingReference
      ? `Note de crédit sur la facture ${doc.billingReference.numero}`
      : null)
  if (terms) el(root.ele('cac:PaymentTerms'), 'cbc:Note', terms)

  // The global discount: one document level allowance per VAT group, as shared/totals.ts applies it
  const globalPct = pctBasisPoints(doc.globalDiscountPct)
  for (const group of totals.breakdown) {
    if (group.allowance === 0) continue
    const ac = root.ele('cac:AllowanceCharge')
    el(ac, 'cbc:ChargeIndicator', 'false')
    el(ac, 'cbc:AllowanceChargeReasonCode', '95')
    el(ac, 'cbc:AllowanceChargeReason', 'Remise globale')
    el(ac, 'cbc:MultiplierFactorNumeric', decimal(globalPct, 2))
    money(ac, 'cbc:Amount', group.allowance, cur)
    money(ac, 'cbc:BaseAmount', group.linesNet, cur)
    taxCategory(ac, 'cac:TaxCategory', group.category, group.rate, null)
  }

  const taxTotal = root.ele('cac:TaxTotal')
  money(taxTotal, 'cbc:TaxAmount', totals.tax, cur)
  for (const group of totals.breakdown) {
    const sub = taxTotal.ele('cac:TaxSubtotal')
    money(sub, 'cbc:TaxableAmount', group.taxable, cur)
    money(sub, 'cbc:TaxAmount', group.tax, cur)
    taxCategory(sub, 'cac:TaxCategory', group.category, group.rate, doc)
  }

  const lmt = root.ele('cac:LegalMonetaryTotal')
  money(lmt, 'cbc:LineExtensionAmount', totals.lineExtension, cur)
  money(lmt, 'cbc:TaxExclusiveAmount', totals.taxExclusive, cur)
  money(lmt, 'cbc:TaxInclusiveAmount', totals.taxInclusive, cur)
  if (totals.allowanceTotal) money(lmt, 'cbc:AllowanceTotalAmount', totals.allowanceTotal, cur)
  if (totals.prepaid) money(lmt, 'cbc:PrepaidAmount', totals.prepaid, cur)
  money(lmt, 'cbc:PayableAmount', totals.payable, cur)

  doc.lines.forEach((line, i) => {
    const figures = totals.lines[i]
    const node = root.ele(credit ? 'cac:CreditNoteLine' : 'cac:InvoiceLine')
    el(node, 'cbc:ID', line.id)
    el(
      node,
      credit ? 'cbc:CreditedQuantity' : 'cbc:InvoicedQuantity',
      decimal(quantiteMillis(line.quantity), 3),
      {
        unitCode: unitCode(line.unit),
      }
    )
    money(node, 'cbc:LineExtensionAmount', figures.net, cur)
    if (figures.allowance !== 0) {
      const ac = node.ele('cac:AllowanceCharge')
      el(ac, 'cbc:ChargeIndicator', 'false')
      el(ac, 'cbc:AllowanceChargeReasonCode', '95')
      el(ac, 'cbc:AllowanceChargeReason', 'Remise')
      el(ac, 'cbc:MultiplierFactorNumeric', decimal(pctBasisPoints(line.discountPct), 2))
      money(ac, 'cbc:Amount', figures.allowance, cur)
      money(ac, 'cbc:BaseAmount', figures.gross, cur)
    }
    const item = node.ele('cac:Item')
    el(item, 'cbc:Description', line.description)
    el(item, 'cbc:Name', line.name)
    if (line.sellerItemId?.trim()) {
      el(item.ele('cac:SellersItemIdentification'), 'cbc:ID', line.sellerItemId)
    }
    taxCategory(item, 'cac:ClassifiedTaxCategory', line.vatCategory, line.vatRate, null)
    money(node.ele('cac:Price'), 'cbc:PriceAmount', line.unitPriceCents, cur)
  })

  return root.end({ prettyPrint: true })
}
