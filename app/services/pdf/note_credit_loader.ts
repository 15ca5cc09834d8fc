/*
 * A note de crédit as the customer receives it (issue 11 §2): its own number and date, the
 * facture it credits (number and date), the motif, the credited lines at the facture's prices
 * and their totals, and what it does to the facture: « à déduire » — an amount owed back, never a
 * payment request (no communication, no QR code). An issued note prints its frozen parties; a
 * draft prints « BROUILLON » with the live ones.
 */
import NoteCredit from '#models/note_credit'
import Facture from '#models/facture'
import { NotFoundException } from '#exceptions/http_exceptions'
import { parseId } from '#services/route_params'
import {
  type LoadOptions,
  type PartiesSnapshot,
  isoDate,
  clientParties,
  readSnapshot,
  storedLigne,
  documentLigne,
  checkedTotals,
  tauxUtilises,
  moneyPart,
} from '#services/pdf/document_parts'
import { legalMentions, type DocumentData } from '#shared/document'
import { formatDate } from '#shared/dates'
import { formatEuros } from '#shared/totals'

export async function noteCreditDocument(
  noteId: number,
  opts: LoadOptions = {}
): Promise<DocumentData> {
  const id = parseId(noteId)
  const note = id ? await NoteCredit.find(id) : null
  if (!note) throw new NotFoundException()
  await note.load('lignes')
  const facture = await Facture.query().where('id', note.factureId).preload('client').firstOrFail()
  const lignes = note.lignes.map(storedLigne)
  const totals = checkedTotals(
    `note de crédit ${note.id}`,
    lignes,
    {
      total_ht: note.totalHt,
      total_tva: note.totalTva,
      total_ttc: note.totalTtc,
      tva: note.tvaDetail,
    },
    note.remiseGlobalePct,
    null
  )
  const parties = note.numero ? readSnapshot<PartiesSnapshot>(note.partiesSnapshot) : null
  const {
    emetteur,
    destinataire,
    clientProfessionnel: professionnel,
  } = await clientParties(parties, facture.client, opts)
  const factureRef = `${facture.numero} du ${formatDate(isoDate(facture.dateFacture))}`
  return {
    kind: 'note_credit',
    numero: note.numero,
    brouillon: !note.numero,
    reference: `Facture ${factureRef}`,
    date: isoDate(note.dateNc ?? note.createdAt)!,
    objet: facture.objet,
    adresse_chantier: facture.adresseChantier,
    emetteur,
    destinataire,
    intro: `Motif : ${note.motif}`,
    lignes: lignes.map(documentLigne),
    ...moneyPart(totals, note.remiseGlobalePct),
    conditions:
      `Montant de ${formatEuros(note.totalTtc)} TTC à déduire de la facture ${factureRef}. ` +
      'Ce qui a déjà été payé au-delà du montant restant dû vous est remboursé ou imputé, à votre choix, sur une autre facture.',
    mentions: legalMentions({
      emetteur,
      tauxUtilises: tauxUtilises(lignes),
      clientProfessionnel: professionnel,
    }),
    paiement: null,
  }
}
