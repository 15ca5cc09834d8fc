/*
 * Sales documents as the customer sees them (issue 5, deliverable 3): the DocumentData of a
 * devis, a devis version, a bon de commande or an offre (for the Preview pages), and its PDF.
 * Loaders throw NotFoundException for an unknown id; rights are the caller's business.
 */
import { devisDocument, devisRevisionDocument } from '#services/pdf/devis_loader'
import { bdcDocument } from '#services/pdf/bdc_loader'
import { offreDocument, offreRevisionDocument } from '#services/pdf/offre_loader'
import type { LoadOptions } from '#services/pdf/document_parts'
import { renderPdf, type RenderOptions } from '#services/pdf/pdf_pool'
import { factureDocument } from '#services/pdf/facture_loader'
import { noteCreditDocument } from '#services/pdf/note_credit_loader'

export {
  bdcDocument,
  devisDocument,
  devisRevisionDocument,
  offreDocument,
  offreRevisionDocument,
  factureDocument,
  renderPdf,
  type LoadOptions,
}
export { sanitizePdfText } from '#services/pdf/sanitize'
export { DocumentTotalsMismatchException } from '#services/pdf/document_parts'

export type PdfFile = { filename: string; content: Buffer }

/** DEV-2026-00001.pdf, or devis-brouillon-12.pdf before the devis has a number. */
export async function devisPdf(devisId: number): Promise<PdfFile> {
  const doc = await devisDocument(devisId)
  return {
    filename: doc.numero ? `${doc.numero}.pdf` : `devis-brouillon-${devisId}.pdf`,
    content: await renderPdf(doc),
  }
}

/** DEV-2026-00001-v1.pdf: a version replaced by a later edit (devis_revisions). */
export async function devisRevisionPdf(devisId: number, revision: number): Promise<PdfFile> {
  const doc = await devisRevisionDocument(devisId, revision)
  return {
    filename: `${doc.numero ?? `devis-${devisId}`}-v${doc.revision ?? revision}.pdf`,
    content: await renderPdf(doc),
  }
}

export async function bdcPdf(bdcId: number): Promise<PdfFile> {
  const doc = await bdcDocument(bdcId)
  return { filename: `${doc.numero ?? `bdc-${bdcId}`}.pdf`, content: await renderPdf(doc) }
}

export async function offrePdf(offreId: number): Promise<PdfFile> {
  const doc = await offreDocument(offreId)
  return {
    filename: doc.numero ? `${doc.numero}.pdf` : `offre-brouillon-${offreId}.pdf`,
    content: await renderPdf(doc),
  }
}

/** OFF-2026-00001-v1.pdf: a sent version replaced by a later edit (offre_revisions). */
export async function offreRevisionPdf(offreId: number, revision: unknown): Promise<PdfFile> {
  const doc = await offreRevisionDocument(offreId, revision)
  return {
    filename: `${doc.numero ?? `offre-${offreId}`}-v${doc.revision}.pdf`,
    content: await renderPdf(doc),
  }
}

/**
 * Headers of a PDF answer: shown in the browser (inline), never cached (it holds customer data),
 * never sniffed. The filename is ours (numbers and dashes), quoted.
 */
export function pdfHeaders(filename: string): Record<string, string> {
  const safe = filename.replace(/[^A-Za-z0-9._-]/g, '_')
  return {
    'Content-Type': 'application/pdf',
    'Content-Disposition': `inline; filename="${safe}"`,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  }
}

/**
 * FAC-2026-00001.pdf, or facture-brouillon-12.pdf before it is issued; a Factur-X when given its
 * CII (app/services/factures/facture_facturx.ts decides when).
 */
export async function facturePdf(factureId: number, opts: RenderOptions = {}): Promise<PdfFile> {
  const doc = await factureDocument(factureId)
  return {
    filename: doc.numero ? `${doc.numero}.pdf` : `facture-brouillon-${factureId}.pdf`,
    content: await renderPdf(doc, opts),
  }
}

/** NC-2026-00001.pdf, or note-credit-brouillon-12.pdf before it is issued; or a Factur-X. */
export async function noteCreditPdf(noteId: number, opts: RenderOptions = {}): Promise<PdfFile> {
  const doc = await noteCreditDocument(noteId)
  return {
    filename: doc.numero ? `${doc.numero}.pdf` : `note-credit-brouillon-${noteId}.pdf`,
    content: await renderPdf(doc, opts),
  }
}
