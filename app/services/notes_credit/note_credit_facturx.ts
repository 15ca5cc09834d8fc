/*
 * The Factur-X of an issued note de crédit (issue 11 §5): the CII with TypeCode 381, the facture
 * it corrects as BG-3, its frozen parties and lines mapped as the facture's (facture_ubl.ts), no
 * payment means (an amount owed back, never a payment request). Same rule as the facture's
 * (decision 266): the PDF of a French client's note is a Factur-X; staff can ask for any.
 */
import NoteCredit from '#models/note_credit'
import Facture from '#models/facture'
import { generateCii } from '#services/compta/cii/generate'
import type { UblDocument } from '#services/compta/ubl/types'
import { ublAddress, ublLines, ublParty } from '#services/factures/facture_ubl'
import { ciiChecked, FacturxRulesException } from '#services/factures/facture_facturx'
import { isoDate, readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'
import { noteCreditPdf, type PdfFile } from '#services/pdf/index'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'
import logger from '@adonisjs/core/services/logger'

function partiesOf(note: NoteCredit): PartiesSnapshot | null {
  return note.numero ? readSnapshot<PartiesSnapshot>(note.partiesSnapshot) : null
}

/** Issued, and the client's frozen address is in France. */
export function noteFacturxByDefault(note: NoteCredit): boolean {
  const parties = partiesOf(note)
  return !!parties && ublAddress(parties.destinataire.lignes_adresse).country === 'FR'
}

export async function noteCreditCiiDocument(note: NoteCredit): Promise<UblDocument> {
  const parties = partiesOf(note)
  if (!parties || !note.numero || !note.dateNc) {
    throw new AppException('Une note de crédit en brouillon n’a pas de Factur-X.', { status: 422 })
  }
  await note.load('lignes')
  const facture = await Facture.findOrFail(note.factureId)
  return {
    kind: 'credit_note',
    numero: note.numero,
    issueDate: isoDate(note.dateNc)!,
    dueDate: null,
    billingReference: { numero: facture.numero ?? '', issueDate: isoDate(facture.dateFacture) },
    currency: 'EUR',
    buyerReference: facture.numero,
    note: `Motif : ${note.motif}`,
    seller: { ...ublParty(parties.emetteur), contactName: null },
    buyer: ublParty(parties.destinataire),
    lines: ublLines(note.lignes, parties.client_professionnel),
    globalDiscountPct: note.remiseGlobalePct,
    payment: null,
  }
}

/** NC-2026-00007.pdf as a Factur-X; 422 for a draft or when an EN 16931 rule fails. */
export async function noteCreditFacturxPdf(noteId: number): Promise<PdfFile> {
  const note = await NoteCredit.find(noteId)
  if (!note) throw new NotFoundException()
  const xml = ciiChecked(generateCii(await noteCreditCiiDocument(note)), note.numero!)
  return noteCreditPdf(note.id, { facturx: { xml } })
}

/** The note's PDF as the client gets it: a Factur-X for a French client, else the plain PDF. */
export async function noteCreditClientPdf(noteId: number): Promise<PdfFile> {
  const note = await NoteCredit.find(noteId)
  if (!note) throw new NotFoundException()
  if (noteFacturxByDefault(note)) {
    try {
      return await noteCreditFacturxPdf(note.id)
    } catch (error) {
      if (!(error instanceof FacturxRulesException)) throw error
      logger.warn({ note: note.id, err: error }, 'Factur-X refused: plain PDF sent')
    }
  }
  return noteCreditPdf(note.id)
}
