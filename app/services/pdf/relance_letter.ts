/*
 * A relance as a printed letter (decision 252): the facture's own header, footer and identity
 * (its DocumentData, frozen parties), the client's address where a window envelope shows it,
 * place and date, object, the text as it was sent, the table of what is due, the payment
 * details and the legal paragraph. Built-in Helvetica through the Writer, like every document.
 */
import PDFDocument from 'pdfkit'
import type Relance from '#models/relance'
import Facture from '#models/facture'
import { factureDocument } from '#services/pdf/facture_loader'
import { drawHeader, drawPageDecorations } from '#services/pdf/render'
import { imageBytes, logPdfWarnings } from '#services/pdf/pdf_pool'
import {
  PAGE_W,
  LEFT,
  RIGHT,
  WIDTH,
  TOP,
  BOTTOM,
  FONT,
  BOLD,
  MUTED,
  RULE,
  SHADE,
  Writer,
  t,
} from '#services/pdf/pdf_writer'
import { formatDate } from '#shared/dates'
import { formatEuros } from '#shared/totals'
import { formatIban } from '#shared/validation/belgium'
import { formatTaux, RELANCE_NIVEAU_LABELS } from '#shared/relances'
import type { PdfFile } from '#services/pdf/index'

/** « Namur » from the company's last address line « 5000 Namur ». */
function placeOf(lines: string[]): string | null {
  const last = lines.at(-1) ?? ''
  const m = /^\s*(?:[A-Z]{1,2}-)?\d{4,5}\s+(.+)$/.exec(last)
  return m ? m[1].trim() : null
}

function drawAddress(w: Writer) {
  const d = w.doc.destinataire
  const x = LEFT + 280
  const width = RIGHT - x
  let y = w.y
  w.font(BOLD, 10.5).at(d.nom, x, y, width)
  y += w.height(d.nom, width) + 2
  w.font(FONT, 10)
  for (const line of d.lignes_adresse) {
    w.at(line, x, y, width)
    y += w.height(line, width) + 0.5
  }
  w.y = Math.max(y, w.y + 70) + 24
}

function drawDue(w: Writer, relance: Relance, totalTtc: number) {
  const rows: [string, number, boolean][] = [
    [
      `Facture ${w.doc.numero} du ${formatDate(w.doc.date)} (échéance ${formatDate(w.doc.echeance)})`,
      totalTtc,
      false,
    ],
  ]
  const regle = totalTtc - relance.reste
  if (regle > 0) rows.push(['Déjà réglé ou crédité', -regle, false])
  rows.push(['Reste dû', relance.reste, relance.interets === 0 && relance.indemnite === 0])
  if (relance.interets > 0 || relance.indemnite > 0) {
    const taux =
      relance.tauxInteret === null
        ? ''
        : ` au taux légal de ${formatTaux(relance.tauxInteret)} l’an`
    rows.push([`Intérêts de retard${taux}, ${relance.joursRetard} jours`, relance.interets, false])
    rows.push(['Indemnité forfaitaire pour frais de recouvrement', relance.indemnite, false])
    rows.push(['Total à payer', relance.reste + relance.interets + relance.indemnite, true])
  }
  const rowH = 17
  w.ensure(rows.length * rowH + 16)
  const amountW = 110
  for (const [label, amount, total] of rows) {
    if (total) w.pdf.rect(LEFT, w.y, WIDTH, rowH).fill(SHADE)
    w.font(total ? BOLD : FONT, 9.5).at(label, LEFT + 6, w.y + 4, WIDTH - amountW - 12)
    w.font(total ? BOLD : FONT, 9.5).at(
      formatEuros(amount),
      RIGHT - amountW - 6,
      w.y + 4,
      amountW,
      {
        align: 'right',
      }
    )
    w.y += rowH
    w.pdf.moveTo(LEFT, w.y).lineTo(RIGHT, w.y).lineWidth(0.5).strokeColor(RULE).stroke()
  }
  w.y += 10
}

function drawPayment(w: Writer, facture: Facture) {
  const e = w.doc.emetteur
  if (e.iban) {
    w.paragraph(
      `Paiement sur le compte ${formatIban(e.iban)}${e.bic ? ` (BIC ${e.bic})` : ''}`,
      9.5
    )
  }
  // On its own line: a structured communication must never break
  if (facture.communication) {
    w.paragraph(`Communication structurée : ${facture.communication}`, 9.5, BOLD)
  }
  w.y += 8
}

/** The letter of a recorded relance. */
export async function relanceLetterPdf(relance: Relance): Promise<PdfFile> {
  const facture = await Facture.findOrFail(relance.factureId)
  const doc = await factureDocument(facture.id)
  const date = relance.dateRelance.toISODate()!
  const pdf = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    autoFirstPage: true,
    margins: { top: TOP, left: LEFT, right: PAGE_W - RIGHT, bottom: 841.89 - BOTTOM },
    lang: 'fr-BE',
    displayTitle: true,
    info: {
      Title: t(relance.objet),
      Author: t(doc.emetteur.nom),
      Subject: t(`${RELANCE_NIVEAU_LABELS[relance.niveau]} — facture ${doc.numero}`),
      Creator: 'ESI',
      Producer: 'ESI (pdfkit)',
      CreationDate: new Date(`${date}T12:00:00Z`),
      ModDate: new Date(`${date}T12:00:00Z`),
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  const w = new Writer(pdf, doc)
  drawHeader(w, await imageBytes(doc.emetteur.logo_path))
  drawAddress(w)
  const place = placeOf(doc.emetteur.lignes_adresse)
  w.font(FONT, 10).at(`${place ? `${place}, le` : 'Le'} ${formatDate(date)}`, LEFT, w.y, WIDTH)
  w.y += 22
  w.font(BOLD, 11).at(`Objet : ${relance.objet}`, LEFT, w.y, WIDTH)
  w.y += w.height(`Objet : ${relance.objet}`, WIDTH) + 4
  const ref = `Nos références : facture ${doc.numero} du ${formatDate(doc.date)}`
  w.font(FONT, 8.5, MUTED).at(ref, LEFT, w.y, WIDTH)
  w.y += w.height(ref, WIDTH) + 16
  w.paragraph(relance.texte, 10)
  w.y += 14
  drawDue(w, relance, facture.totalTtc)
  drawPayment(w, facture)
  // A mise en demeure's paragraph is the demand itself: full size; a reminder's, a footnote
  if (relance.niveau === 3) w.paragraph(relance.mentionLegale, 9.5)
  else w.paragraph(relance.mentionLegale, 8.5, FONT, MUTED)
  drawPageDecorations(w)
  logPdfWarnings(w.warnings)
  pdf.end()
  return {
    filename: `${doc.numero}-relance-${relance.niveau}.pdf`,
    content: await done,
  }
}
