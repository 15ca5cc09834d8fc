/*
 * The Peppol BIS Billing 3.0 UBL (CreditNote) of an issued note de crédit (issue 11 §5): the same
 * document model as its Factur-X (note_credit_facturx.ts: frozen parties and lines, the facture
 * as billing reference, no payment means), the PDF embedded, then our rule checks — a file that
 * breaks a rule is never handed out (422 with the rule ids). Same eligibility as the facture's
 * UBL (decision 267): a professional client with a Belgian enterprise number.
 */
import NoteCredit from '#models/note_credit'
import { generateUbl } from '#services/compta/ubl/generate'
import { checkedUbl, ublEligibleParties, type UblFile } from '#services/factures/facture_ubl'
import { noteCreditCiiDocument } from '#services/notes_credit/note_credit_facturx'
import { readSnapshot, type PartiesSnapshot } from '#services/pdf/document_parts'
import { noteCreditPdf } from '#services/pdf/index'
import { AppException, NotFoundException } from '#exceptions/http_exceptions'

/** Issued, to a professional client with a Belgian enterprise number (its 0208 endpoint). */
export function noteUblEligible(note: NoteCredit): boolean {
  return ublEligibleParties(
    note.numero ? readSnapshot<PartiesSnapshot>(note.partiesSnapshot) : null
  )
}

export async function noteCreditUbl(noteId: number): Promise<UblFile> {
  const note = await NoteCredit.find(noteId)
  if (!note) throw new NotFoundException()
  if (!noteUblEligible(note)) {
    throw new AppException(
      'Le fichier Peppol (UBL) est réservé aux notes de crédit émises d’un client professionnel avec un numéro d’entreprise belge.',
      { status: 422 }
    )
  }
  const pdf = await noteCreditPdf(note.id)
  const xml = generateUbl({
    ...(await noteCreditCiiDocument(note)),
    attachment: {
      base64: pdf.content.toString('base64'),
      filename: pdf.filename,
      description: `Note de crédit ${note.numero}`,
    },
  })
  return {
    filename: `${note.numero}.xml`,
    content: checkedUbl(xml, `de la note de crédit ${note.numero}`, 'il n’est pas téléchargé'),
  }
}
