/*
 * The Factur-X of an issued facture (issue 11 §5): its PDF as PDF/A-3b carrying the CII
 * (EN 16931 profile) built from the same frozen rows and mapping as the Peppol UBL
 * (facture_ubl.ts factureUblDocument), checked by the EN 16931 rules before it is handed out.
 * The option for French clients (decision 266): a facture whose frozen client address is in
 * France prints as a Factur-X wherever its PDF goes (download, mail); staff can ask for the
 * Factur-X of any issued facture.
 */
import logger from '@adonisjs/core/services/logger'
import Bdc from '#models/bdc'
import FactureModel from '#models/facture'
import type Facture from '#models/facture'
import { generateCii } from '#services/compta/cii/generate'
import { checkCiiRules } from '#services/compta/cii/rules'
import { factureUblDocument, ublAddress } from '#services/factures/facture_ubl'
import { readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'
import { facturePdf, type PdfFile } from '#services/pdf/index'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'

/** Issued, and the client's frozen address is in France (its third line is the country code). */
export function facturxByDefault(facture: Facture): boolean {
  if (!facture.numero) return false
  const parties = readSnapshot<PartiesSnapshot>(facture.partiesSnapshot)
  return !!parties && ublAddress(parties.destinataire.lignes_adresse).country === 'FR'
}

export class FacturxRulesException extends AppException {}

/** The CII when it passes every EN 16931 rule; else 422 naming the rule ids. */
export function ciiChecked(xml: string, numero: string): string {
  const violations = checkCiiRules(xml)
  if (violations.length > 0) {
    throw new FacturxRulesException(
      `Le Factur-X du document ${numero} ne respecte pas les règles ${violations
        .map((v) => v.id)
        .join(', ')} : vérifiez les coordonnées de la société et du client.`,
      { status: 422 }
    )
  }
  return xml
}

/** The checked CII of an issued facture; 422 for a draft or when an EN 16931 rule fails. */
export async function factureCii(facture: Facture): Promise<string> {
  if (!facture.numero) {
    throw new AppException('Une facture en brouillon n’a pas de Factur-X.', { status: 422 })
  }
  await facture.load('lignes')
  const bdc = facture.bdcId ? await Bdc.find(facture.bdcId) : null
  const xml = generateCii(
    factureUblDocument(facture, facture.lignes, { bdcNumero: bdc?.numero ?? null })
  )
  return ciiChecked(xml, facture.numero)
}

export type PdfFormat = 'facturx' | 'pdf' | null

/** `?format=` of the facture and note PDF routes: facturx, pdf, or absent (the client's). */
export function pdfFormat(value: unknown): PdfFormat {
  if (value === undefined || value === null || value === '') return null
  if (value === 'facturx' || value === 'pdf') return value
  throw new AppException('Format inconnu : « facturx » ou « pdf ».', { status: 422 })
}

/** FAC-2026-00042.pdf as a Factur-X (PDF/A-3b with factur-x.xml). */
export async function factureFacturxPdf(factureId: number): Promise<PdfFile> {
  const facture = await FactureModel.find(factureId)
  if (!facture) throw new NotFoundException()
  const xml = await factureCii(facture)
  return facturePdf(facture.id, { facturx: { xml } })
}

/**
 * The facture's PDF as its client gets it: a Factur-X for a French client, else the plain PDF.
 * A CII that breaks a rule never blocks the PDF itself: the plain one goes out, the fault is
 * logged (the explicit Factur-X download answers 422 with the rule ids).
 */
export async function factureClientPdf(factureId: number): Promise<PdfFile> {
  const facture = await FactureModel.find(factureId)
  if (!facture) throw new NotFoundException()
  if (facturxByDefault(facture)) {
    try {
      return await facturePdf(facture.id, { facturx: { xml: await factureCii(facture) } })
    } catch (error) {
      if (!(error instanceof FacturxRulesException)) throw error
      logger.warn({ facture: facture.id, err: error }, 'Factur-X refused: plain PDF sent')
    }
  }
  return facturePdf(facture.id)
}
