/*
 * EN 16931 business rules over a Factur-X CII (issue 11 §5), by their official ids: our own
 * implementation, with the conventions of ../ubl/rules.ts (one fault reports one rule id, amounts
 * as integer cents). The rules about the syntax (where a figure sits) are written here for CII;
 * the rules about the model — the VAT breakdown (BR-S/Z/E/AE-*) and the document totals
 * (BR-12…15, BR-CO-10…16, BR-CO-25) — are the UBL module's own functions, run over the CII's
 * figures laid out as the UBL nodes they read (`asUblNodes`).
 */
import { XMLValidator } from 'fast-xml-parser'
import { breakdownRules, totalsRules, type Entry, type Rules } from '../ubl/rules_totals.js'
import { ALLOWED_UNIT_CODES, isValid0208 } from '../ubl/codes.js'
import type { RuleViolation } from '../ubl/types.js'
import { type XNode, all, attr, dec, first, has, parseXml, show, textAt } from '../ubl/xml_read.js'
import { FACTURX_GUIDELINE } from './generate.js'

const TRANSACTION = 'SupplyChainTradeTransaction'
const AGREEMENT = `${TRANSACTION}/ApplicableHeaderTradeAgreement`
const SETTLEMENT = `${TRANSACTION}/ApplicableHeaderTradeSettlement`

/** A UBL-shaped text node, or no key at all when the CII has no text there. */
function node(text: string): XNode[] | undefined {
  return text ? [{ '#text': text }] : undefined
}

function compact(o: Record<string, XNode[] | undefined>): XNode {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined))
}

/**
 * The CII's parties, totals, payment terms and VAT breakdown as the UBL nodes rules_totals.ts
 * reads (LegalMonetaryTotal, TaxSubtotal…): the same model rules run on both syntaxes.
 */
export function asUblNodes(root: XNode): { root: XNode; subtotals: XNode[] } {
  const party = (path: string) => {
    const p = first(root, path)
    return [
      compact({
        PartyTaxScheme: all(p, 'SpecifiedTaxRegistration').map((r) =>
          compact({ CompanyID: node(textAt(r, 'ID')), TaxScheme: [{ ID: node('VAT') }] })
        ),
        PartyLegalEntity: [
          compact({ CompanyID: node(textAt(p, 'SpecifiedLegalOrganization/ID')) }),
        ],
      }),
    ]
  }
  const sum = first(root, `${SETTLEMENT}/SpecifiedTradeSettlementHeaderMonetarySummation`)
  const terms = all(root, `${SETTLEMENT}/SpecifiedTradePaymentTerms`)
  const ubl = compact({
    AccountingSupplierParty: [{ Party: party(`${AGREEMENT}/SellerTradeParty`) }],
    AccountingCustomerParty: [{ Party: party(`${AGREEMENT}/BuyerTradeParty`) }],
    DueDate: node(
      terms.map((t) => textAt(t, 'DueDateDateTime/DateTimeString')).find(Boolean) ?? ''
    ),
    PaymentTerms: terms.map((t) => compact({ Note: node(textAt(t, 'Description')) })),
    LegalMonetaryTotal: [
      compact({
        LineExtensionAmount: node(textAt(sum, 'LineTotalAmount')),
        TaxExclusiveAmount: node(textAt(sum, 'TaxBasisTotalAmount')),
        TaxInclusiveAmount: node(textAt(sum, 'GrandTotalAmount')),
        AllowanceTotalAmount: node(textAt(sum, 'AllowanceTotalAmount')),
        ChargeTotalAmount: node(textAt(sum, 'ChargeTotalAmount')),
        PrepaidAmount: node(textAt(sum, 'TotalPrepaidAmount')),
        PayableRoundingAmount: node(textAt(sum, 'RoundingAmount')),
        PayableAmount: node(textAt(sum, 'DuePayableAmount')),
      }),
    ],
  })
  const subtotals = all(root, `${SETTLEMENT}/ApplicableTradeTax`).map((t) =>
    compact({
      TaxableAmount: node(textAt(t, 'BasisAmount')),
      TaxAmount: node(textAt(t, 'CalculatedAmount')),
      TaxCategory: [
        compact({
          ID: node(textAt(t, 'CategoryCode')),
          Percent: node(textAt(t, 'RateApplicablePercent')),
          TaxExemptionReasonCode: node(textAt(t, 'ExemptionReasonCode')),
          TaxExemptionReason: node(textAt(t, 'ExemptionReason')),
        }),
      ],
    })
  )
  return { root: ubl, subtotals }
}

function headerRules(root: XNode, r: Rules): void {
  const guideline = textAt(
    root,
    'ExchangedDocumentContext/GuidelineSpecifiedDocumentContextParameter/ID'
  )
  if (!guideline) r.fail('BR-01', 'L’identifiant de spécification (profil) manque.')
  else if (guideline !== FACTURX_GUIDELINE) {
    r.fail(
      'FX-PROFILE',
      `Le profil Factur-X doit être EN 16931 («\u00a0${FACTURX_GUIDELINE}\u00a0»).`
    )
  }
  if (!textAt(root, 'ExchangedDocument/ID')) r.fail('BR-02', 'Le numéro du document manque.')
  if (!/^\d{8}$/.test(textAt(root, 'ExchangedDocument/IssueDateTime/DateTimeString'))) {
    r.fail('BR-03', 'La date d’émission manque.')
  }
  if (!textAt(root, 'ExchangedDocument/TypeCode')) {
    r.fail('BR-04', 'Le code du type de document manque.')
  }
  if (!textAt(root, `${SETTLEMENT}/InvoiceCurrencyCode`)) {
    r.fail('BR-05', 'La devise du document manque.')
  }
}

function partyRules(root: XNode, r: Rules): void {
  const sides = [
    { path: 'SellerTradeParty', who: 'vendeur', ids: ['BR-06', 'BR-08', 'BR-09'] },
    { path: 'BuyerTradeParty', who: 'acheteur', ids: ['BR-07', 'BR-10', 'BR-11'] },
  ]
  for (const side of sides) {
    const p = first(root, `${AGREEMENT}/${side.path}`)
    if (!textAt(p, 'Name')) r.fail(side.ids[0], `Le nom du ${side.who} manque.`)
    const address = first(p, 'PostalTradeAddress')
    if (!address) r.fail(side.ids[1], `L’adresse du ${side.who} manque.`)
    else if (!textAt(address, 'CountryID')) r.fail(side.ids[2], `Le pays du ${side.who} manque.`)
    for (const reg of all(p, 'SpecifiedTaxRegistration')) {
      const id = textAt(reg, 'ID')
      if (attr(first(reg, 'ID'), 'schemeID') === 'VA' && id && !/^[A-Z]{2}/.test(id)) {
        r.fail(
          'BR-CO-09',
          `Le numéro de TVA du ${side.who} «\u00a0${id}\u00a0» ne commence pas par le code pays.`
        )
      }
    }
    const legal = first(p, 'SpecifiedLegalOrganization/ID')
    if (
      legal &&
      attr(legal, 'schemeID') === '0208' &&
      !isValid0208(textAt(p, 'SpecifiedLegalOrganization/ID'))
    ) {
      r.fail(
        'PEPPOL-COMMON-R043',
        `Le numéro d’entreprise du ${side.who} n’est pas valide (10 chiffres, contrôle modulo 97).`
      )
    }
    if (side.path === 'SellerTradeParty' && p) {
      const identified =
        has(p, 'ID') ||
        has(p, 'SpecifiedLegalOrganization/ID') ||
        has(p, 'SpecifiedTaxRegistration/ID')
      if (!identified) {
        r.fail(
          'BR-CO-26',
          'Le vendeur n’a ni identifiant, ni numéro d’entreprise, ni numéro de TVA.'
        )
      }
    }
  }
}

/** Lines: BR-16, BR-21…26, BR-CL-23, BR-CO-04, BR-x-05; their nets for the breakdown. */
function lineRules(
  root: XNode,
  r: Rules
): { nets: Entry[]; complete: boolean; groupable: boolean } {
  const lines = all(root, `${TRANSACTION}/IncludedSupplyChainTradeLineItem`)
  const nets: Entry[] = []
  let complete = lines.length > 0
  let groupable = true
  if (lines.length === 0) r.fail('BR-16', 'Le document n’a aucune ligne.')
  for (const line of lines) {
    const id = textAt(line, 'AssociatedDocumentLineDocument/LineID')
    const where = `ligne ${id || '?'}`
    if (!id) r.fail('BR-21', 'Une ligne n’a pas d’identifiant.')
    const qtyNode = first(line, 'SpecifiedLineTradeDelivery/BilledQuantity')
    if (dec(qtyNode, 6) === null) r.fail('BR-22', `${where}\u00a0: la quantité manque.`)
    const unit = attr(qtyNode, 'unitCode')
    if (qtyNode && !unit) r.fail('BR-23', `${where}\u00a0: l’unité manque.`)
    else if (unit && !ALLOWED_UNIT_CODES.has(unit)) {
      r.fail(
        'BR-CL-23',
        `${where}\u00a0: l’unité «\u00a0${unit}\u00a0» n’est pas un code UN/ECE rec 20 accepté.`
      )
    }
    const settlement = first(line, 'SpecifiedLineTradeSettlement')
    const net = dec(
      first(settlement, 'SpecifiedTradeSettlementLineMonetarySummation/LineTotalAmount'),
      2
    )
    if (net === null) {
      r.fail('BR-24', `${where}\u00a0: le montant net manque.`)
      complete = false
    }
    if (!textAt(line, 'SpecifiedTradeProduct/Name'))
      r.fail('BR-25', `${where}\u00a0: la désignation manque.`)
    const price = first(line, 'SpecifiedLineTradeAgreement/NetPriceProductTradePrice/ChargeAmount')
    if (dec(price, 6) === null) r.fail('BR-26', `${where}\u00a0: le prix unitaire net manque.`)
    const category = textAt(settlement, 'ApplicableTradeTax/CategoryCode')
    const rate = dec(first(settlement, 'ApplicableTradeTax/RateApplicablePercent'), 2)
    if (!category) r.fail('BR-CO-04', `${where}\u00a0: la catégorie de TVA manque.`)
    if (!category || (category === 'S' && rate === null)) groupable = false
    const zeroRated: Record<string, [string, string]> = {
      AE: ['BR-AE-05', 'autoliquidation'],
      E: ['BR-E-05', 'exonération'],
      Z: ['BR-Z-05', 'taux zéro'],
    }
    const zero = zeroRated[category]
    if (zero && rate !== 0n)
      r.fail(zero[0], `${where}\u00a0: ${zero[1]} à un taux autre que 0\u00a0%.`)
    if (category === 'S' && !(rate !== null && rate > 0n)) {
      r.fail('BR-S-05', `${where}\u00a0: taux normal sans taux.`)
    }
    if (net !== null) nets.push({ category, rate, cents: net })
  }
  return { nets, complete, groupable }
}

export function checkCiiRules(xml: string): RuleViolation[] {
  if (XMLValidator.validate(xml) !== true) {
    return [{ id: 'XML-WELLFORMED', message: 'Le document n’est pas un XML bien formé.' }]
  }
  const root: XNode | undefined = parseXml(xml).CrossIndustryInvoice?.[0]
  if (!root)
    return [{ id: 'CII-ROOT', message: 'Ce n’est pas une facture CII (CrossIndustryInvoice).' }]
  const out: RuleViolation[] = []
  const r: Rules = { fail: (id, message) => out.push({ id, message }) }

  headerRules(root, r)
  partyRules(root, r)
  for (const means of all(root, `${SETTLEMENT}/SpecifiedTradeSettlementPaymentMeans`)) {
    const code = textAt(means, 'TypeCode')
    if (!code) r.fail('BR-49', 'Le code du moyen de paiement manque.')
    if (
      (code === '30' || code === '58') &&
      !textAt(means, 'PayeePartyCreditorFinancialAccount/IBANID')
    ) {
      r.fail('BR-61', 'Un virement sans compte du bénéficiaire (IBAN).')
    }
  }
  const lines = lineRules(root, r)

  const allowances: Entry[] = []
  const charges: Entry[] = []
  for (const ac of all(root, `${SETTLEMENT}/SpecifiedTradeAllowanceCharge`)) {
    const entry = {
      category: textAt(ac, 'CategoryTradeTax/CategoryCode'),
      rate: dec(first(ac, 'CategoryTradeTax/RateApplicablePercent'), 2),
      cents: dec(first(ac, 'ActualAmount'), 2) ?? 0n,
    }
    ;(textAt(ac, 'ChargeIndicator/Indicator') === 'true' ? charges : allowances).push(entry)
  }

  const ubl = asUblNodes(root)
  const sum = first(root, `${SETTLEMENT}/SpecifiedTradeSettlementHeaderMonetarySummation`)
  const taxTotals = all(sum, 'TaxTotalAmount')
  const taxAmount = dec(taxTotals[0], 2)
  if (taxAmount !== null && ubl.subtotals.length > 0) {
    const vat = ubl.subtotals.reduce((a, s) => a + (dec(first(s, 'TaxAmount'), 2) ?? 0n), 0n)
    if (vat !== taxAmount) {
      r.fail('BR-CO-14', `TVA totale ${show(taxAmount)} ≠ somme des ventilations ${show(vat)}.`)
    }
  }
  breakdownRules(
    ubl.root,
    ubl.subtotals,
    { lines: lines.nets, allowances, charges },
    lines.complete && lines.groupable,
    r
  )
  totalsRules(ubl.root, lines.complete ? lines.nets : null, allowances, charges, taxAmount, r)
  return out
}
