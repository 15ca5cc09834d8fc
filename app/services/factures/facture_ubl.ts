/*
 * The Peppol BIS Billing 3.0 UBL of an issued facture (issue 11 §5, decision 233): its frozen
 * rows mapped onto the generator's plain input (app/services/compta/ubl), the PDF embedded,
 * then our rule checks — a file that breaks a rule is never handed out nor attached (422 with
 * the rule ids). Only for a professional client with an enterprise number: a consumer has no
 * Peppol endpoint.
 */
import type Facture from '#models/facture'
import type FactureLigne from '#models/facture_ligne'
import type { LigneBase } from '#models/ligne_base'
import Bdc from '#models/bdc'
import FactureModel from '#models/facture'
import { generateUbl } from '#services/compta/ubl/generate'
import { checkPeppolRules } from '#services/compta/ubl/rules'
import type {
  UblAddress,
  UblDocument,
  UblLine,
  UblParty,
  VatCategory,
} from '#services/compta/ubl/types'
import { readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'
import { facturePdf } from '#services/pdf/index'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import type { DocumentParty } from '#shared/document'
import { formatDate } from '#shared/dates'
import { isValidBeVat } from '#shared/validation/belgium'

/** « Chaussée de Louvain 212 », « 5000 Namur », [« NL »] → the UBL address (BE by default). */
export function ublAddress(lignes: string[]): UblAddress {
  const [street = '', place = '', country] = lignes
  const m = /^(\S+)\s+(.+)$/.exec(place.trim())
  return {
    street,
    postcode: m ? m[1] : '',
    city: m ? m[2] : place,
    country: country && /^[A-Z]{2}$/.test(country) ? country : 'BE',
  }
}

export function ublParty(party: DocumentParty): UblParty {
  return {
    name: party.nom,
    enterpriseNumber: party.numero_tva ?? '',
    vatNumber: party.numero_tva,
    address: ublAddress(party.lignes_adresse),
    email: party.email,
  }
}

/** The frozen parties of an issued facture, or null for a draft. */
function partiesOf(facture: Facture): PartiesSnapshot | null {
  return facture.numero ? readSnapshot<PartiesSnapshot>(facture.partiesSnapshot) : null
}

/**
 * A UBL for this facture: issued, to a professional client with a Belgian enterprise number (its
 * 0208 endpoint); a French client's number has no 0208 endpoint: he gets the Factur-X
 * (decision 267).
 */
export function ublEligible(facture: Facture): boolean {
  return ublEligibleParties(partiesOf(facture))
}

/** The rule on a document's frozen parties (a facture's, a note de crédit's). */
export function ublEligibleParties(parties: PartiesSnapshot | null): boolean {
  const numero = parties?.destinataire.numero_tva
  return !!parties && parties.client_professionnel && !!numero && isValidBeVat(numero)
}

/**
 * The XML once our rules pass; else a 422 naming the document and the rule ids, with what was
 * not done (`withheld`).
 */
export function checkedUbl(xml: string, document: string, withheld: string): string {
  const violations = checkPeppolRules(xml)
  if (violations.length > 0) {
    throw new AppException(
      `Le fichier Peppol (UBL) ${document} ne respecte pas les règles ${violations
        .map((v) => v.id)
        .join(', ')} : ${withheld}. Vérifiez les coordonnées de la société et du client.`,
      { status: 422 }
    )
  }
  return xml
}

/** The download headers of a UBL file. */
export function ublHeaders(filename: string): Record<string, string> {
  return {
    'content-type': 'application/xml; charset=utf-8',
    'content-disposition': `attachment; filename="${filename}"`,
    'cache-control': 'no-store',
  }
}

/**
 * 21/12/6 % are S; 0 % is AE (autoliquidation) for a professional client — the PDF prints its
 * mention on the same rule (shared/document.ts legalMentions) — and Z otherwise.
 */
function categoryOf(rate: number, professionnel: boolean): VatCategory {
  if (rate > 0) return 'S'
  return professionnel ? 'AE' : 'Z'
}

/** The produit lines in their order (texts, sections and sub-totals print on the PDF only). */
export function ublLines(lignes: LigneBase[], professionnel: boolean): UblLine[] {
  return lignes
    .filter((l) => l.type === 'produit')
    .sort((a, b) => a.position - b.position)
    .map((l, i) => ({
      id: String(i + 1),
      name: l.designation.split('\n')[0].slice(0, 200) || 'Article',
      description: l.designation.includes('\n') ? l.designation : null,
      quantity: String(l.quantite ?? '0'),
      unit: l.unite,
      unitPriceCents: l.prixUnitaireHt ?? 0,
      discountPct: l.remisePct,
      vatCategory: categoryOf(l.tauxTva ?? 0, professionnel),
      vatRate: l.tauxTva ?? 0,
    }))
}

/**
 * The generator's input from an issued facture and its lines: produit lines only (texts,
 * sections and sub-totals print on the PDF, which is embedded); a solde's deductions are its
 * quantity −1 lines, so no PrepaidAmount (decision 230).
 */
export function factureUblDocument(
  facture: Facture,
  lignes: FactureLigne[],
  extra: { bdcNumero?: string | null; pdf?: { filename: string; content: Buffer } | null } = {}
): UblDocument {
  const parties = partiesOf(facture)
  if (!parties || !facture.numero || !facture.dateFacture) {
    throw new AppException('Une facture en brouillon n’a pas de fichier Peppol.', { status: 422 })
  }
  const seller = ublParty(parties.emetteur)
  const lines = ublLines(lignes, parties.client_professionnel)
  const echeance = facture.echeance?.toISODate() ?? null
  return {
    kind: 'invoice',
    numero: facture.numero,
    issueDate: facture.dateFacture.toISODate()!,
    dueDate: echeance,
    currency: 'EUR',
    buyerReference: extra.bdcNumero ? null : facture.numero,
    orderReference: extra.bdcNumero ?? null,
    note: facture.objet,
    paymentTerms: echeance ? `Payable au plus tard le ${formatDate(echeance)}.` : null,
    seller: { ...seller, contactName: null },
    buyer: ublParty(parties.destinataire),
    lines,
    globalDiscountPct: facture.remiseGlobalePct,
    payment: parties.emetteur.iban
      ? {
          meansCode: '58',
          iban: parties.emetteur.iban,
          bic: parties.emetteur.bic,
          accountName: parties.emetteur.nom,
          structuredCommunication: facture.communication,
        }
      : null,
    attachment: extra.pdf
      ? {
          base64: extra.pdf.content.toString('base64'),
          filename: extra.pdf.filename,
          description: `Facture ${facture.numero}`,
        }
      : null,
  }
}

export type UblFile = { filename: string; content: string }

/**
 * The checked UBL file of an issued facture, its PDF embedded. Refused (422) for a draft, a
 * consumer or a client without enterprise number, and when a rule fails (with the rule ids).
 */
export async function factureUbl(factureId: number): Promise<UblFile> {
  const facture = await FactureModel.find(factureId)
  if (!facture) throw new NotFoundException()
  if (!ublEligible(facture)) {
    throw new AppException(
      'Le fichier Peppol (UBL) est réservé aux factures émises d’un client professionnel avec un numéro d’entreprise belge.',
      { status: 422 }
    )
  }
  await facture.load('lignes')
  const bdc = facture.bdcId ? await Bdc.find(facture.bdcId) : null
  const pdf = await facturePdf(facture.id)
  const xml = generateUbl(
    factureUblDocument(facture, facture.lignes, { bdcNumero: bdc?.numero ?? null, pdf })
  )
  return {
    filename: `${facture.numero}.xml`,
    content: checkedUbl(xml, `de la facture ${facture.numero}`, 'il n’est ni téléchargé ni joint'),
  }
}
