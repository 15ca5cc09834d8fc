/*
 * Input of the Peppol BIS Billing 3.0 generator (issue 11 §5): what an issued facture or note de
 * crédit must give to become a UBL 2.1 Invoice / CreditNote. Plain data, no model, so the
 * generator and its rule checks are testable without the database; the factures service maps
 * its frozen rows onto it. Money is integer cents, quantities and percentages are decimal
 * strings as the documents store them (shared/totals.ts parses them).
 */
import type { Unite } from '#shared/produits'

export type UblKind = 'invoice' | 'credit_note'

/**
 * EN 16931 VAT category codes (UNCL 5305) we issue: S standard (21, 12, 6 %), Z zero rated,
 * E exempt, AE reverse charge (autoliquidation, Belgian art. 20 AR n° 1 for works on buildings).
 */
export type VatCategory = 'S' | 'Z' | 'E' | 'AE'

export type UblAddress = {
  street: string
  city: string
  postcode: string
  /** ISO 3166-1 alpha-2, "BE". */
  country: string
}

export type UblParty = {
  name: string
  /** Belgian enterprise number, "BE0123.456.789", "0123456789": the 0208 endpoint and legal id. */
  enterpriseNumber: string
  /** VAT number "BE0123456789"; null for a buyer not subject to VAT. */
  vatNumber: string | null
  address: UblAddress
  email?: string | null
  /** Contact person printed in cac:Contact/cbc:Name. */
  contactName?: string | null
}

export type UblLine = {
  /** Line number in the document (BT-126), "1", "2"… */
  id: string
  name: string
  description?: string | null
  /** Decimal string "2,5" / "2.5", up to 3 decimals. */
  quantity: string
  /** The app's unit (shared/produits.ts UNITES) or already a UN/ECE rec 20 code ("H87"). */
  unit: Unite | string | null
  /** Net unit price HT, in cents. */
  unitPriceCents: number
  /** Line discount, percentage with up to 2 decimals ("10", "12,5"); null or "0" for none. */
  discountPct?: string | number | null
  vatCategory: VatCategory
  /** 21, 12, 6 or 0 (always 0 for Z, E, AE). */
  vatRate: number
  /** The seller's reference of the product, when there is one. */
  sellerItemId?: string | null
}

export type UblPayment = {
  /** 30 credit transfer, 58 SEPA credit transfer (UNCL 4461). */
  meansCode: '30' | '58'
  iban: string
  bic?: string | null
  /** Account holder's name. */
  accountName?: string | null
  /** Belgian structured communication "+++123/4567/89012+++" (BT-83 remittance information). */
  structuredCommunication?: string | null
}

export type UblAttachment = {
  /** The PDF's bytes encoded in base64. */
  base64: string
  filename: string
  /** BT-123 description, e.g. « Facture FAC-2026-00042 ». */
  description?: string | null
}

export type UblDocument = {
  kind: UblKind
  /** FAC-2026-00042 / NC-2026-00007. */
  numero: string
  /** YYYY-MM-DD. */
  issueDate: string
  /** YYYY-MM-DD; for a credit note printed as the payment due date of its payment means. */
  dueDate?: string | null
  /** Credit note: the invoice it corrects (BG-3). */
  billingReference?: { numero: string; issueDate?: string | null } | null
  currency: 'EUR'
  /** BT-10; Peppol wants it or the order reference (PEPPOL-EN16931-R003). */
  buyerReference?: string | null
  /** BT-13: the bon de commande number. */
  orderReference?: string | null
  /** One free note (Peppol allows only one, R002), e.g. the 6 % attestation mention. */
  note?: string | null
  /** Payment terms text (BT-20), e.g. « Payable à 30 jours ». */
  paymentTerms?: string | null
  seller: UblParty
  buyer: UblParty
  lines: UblLine[]
  /** Global discount (remise globale), percentage applied per VAT rate as shared/totals.ts does. */
  globalDiscountPct?: string | number | null
  /** Acomptes already paid and deducted (a solde): BT-113, in cents, VAT included. */
  prepaidCents?: number | null
  payment?: UblPayment | null
  /** Exemption reason text per category, overriding the defaults (VAT_EXEMPTION_DEFAULTS). */
  exemptionReasons?: Partial<Record<'E' | 'AE', string>>
  attachment?: UblAttachment | null
}

/** One failed business rule: its official id and what is wrong. */
export type RuleViolation = { id: string; message: string }
