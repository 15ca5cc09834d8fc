/*
 * A DocumentData (shared/document.ts) printed as an A4 PDF with pdfkit: logo and company details,
 * title, customer, lines (the table header repeats on every page), VAT summary, totals, acompte,
 * conditions, signature boxes, legal mentions, a bdc's withdrawal form, "Page X / Y". Built-in
 * Helvetica only (WinAnsi): every text goes through sanitizePdfText. Layout is computed by hand
 * (pdfkit has no tables); the page layout and the Writer are in pdf_writer.ts.
 */
import PDFDocument from 'pdfkit'
import {
  PAGE_W,
  PAGE_H,
  LEFT,
  RIGHT,
  WIDTH,
  TOP,
  FOOTER_TOP,
  BOTTOM,
  FONT,
  BOLD,
  MUTED,
  ACCENT,
  RULE,
  Writer,
  t,
} from '#services/pdf/pdf_writer'
import { drawRetractation } from '#services/pdf/retractation_page'
import { drawPreuveSignature } from '#services/pdf/preuve_page'
import {
  attachFacturx,
  embedFonts,
  pdfaOptions,
  xmpSafe,
  type FacturxAttachment,
} from '#services/pdf/facturx'
import { drawLines } from '#services/pdf/lines_table'
import { drawTotals } from '#services/pdf/totals_block'
import {
  DOCUMENT_TITLES,
  documentTitle,
  formatEnterpriseNumber,
  type DocumentData,
} from '#shared/document'
import { formatDate } from '#shared/dates'
import { formatIban } from '#shared/validation/belgium'

// ── Header ───────────────────────────────────────────────────────────────────────────────────

export function drawHeader(w: Writer, logo: Buffer | null) {
  const { pdf, doc } = w
  const e = doc.emetteur
  let leftBottom = TOP
  if (logo) {
    try {
      pdf.image(logo, LEFT, TOP, { fit: [170, 64] })
      leftBottom = TOP + 64
    } catch (error) {
      w.warn(error, 'logo not drawable: document printed without it')
      logo = null
    }
  }
  if (!logo) {
    w.font(BOLD, 16, ACCENT).at(e.nom, LEFT, TOP, 250)
    leftBottom = TOP + w.height(e.nom, 250)
  }

  // Company details, top right
  const x = RIGHT - 230
  let y = TOP
  const name = [e.nom, e.forme_juridique].filter(Boolean).join(' ')
  w.font(BOLD, 11).at(name, x, y, 230, { align: 'right' })
  y += w.height(name, 230) + 2
  const details = [
    ...e.lignes_adresse,
    e.numero_tva ? `TVA ${formatEnterpriseNumber(e.numero_tva)}` : null,
    e.telephone ? `Tél. ${e.telephone}` : null,
    e.email,
  ].filter((l): l is string => Boolean(l))
  w.font(FONT, 8.5, MUTED)
  for (const line of details) {
    w.at(line, x, y, 230, { align: 'right' })
    y += w.height(line, 230) + 0.5
  }
  w.y = Math.max(leftBottom, y) + 22
}

function drawTitle(w: Writer) {
  const { doc } = w
  const top = w.y
  const leftW = 250
  let y = top
  const title = documentTitle(doc)
  w.font(BOLD, 17, ACCENT).at(title, LEFT, y, leftW)
  y += w.height(title, leftW) + 6
  const meta: [string, string][] = [[`Date`, formatDate(doc.date)]]
  if (doc.valable_jusqu_au) meta.push(['Valable jusqu’au', formatDate(doc.valable_jusqu_au)])
  if (doc.echeance) meta.push(['Échéance', formatDate(doc.echeance)])
  if (doc.revision && doc.revision > 1) meta.push(['Version', String(doc.revision)])
  if (doc.reference) meta.push(['Référence', doc.reference])
  if (doc.contact_commercial) meta.push(['Votre contact', doc.contact_commercial])
  for (const [label, value] of meta) {
    w.font(FONT, 9, MUTED).at(`${label} :`, LEFT, y, 90)
    w.font(BOLD, 9).at(value, LEFT + 90, y, leftW - 90)
    y += Math.max(w.height(value, leftW - 90), 11) + 1.5
  }

  // The customer, in a box on the right (where a window envelope shows it)
  const bx = LEFT + 280
  const bw = RIGHT - bx
  const d = doc.destinataire
  const lines = [
    ...d.lignes_adresse,
    d.numero_tva ? `TVA ${formatEnterpriseNumber(d.numero_tva)}` : null,
    d.email,
    d.telephone,
  ].filter((l): l is string => Boolean(l))
  let by = top + 8
  const inner = bw - 20
  w.font(FONT, 7.5, MUTED)
  const label = doc.kind === 'offre' ? 'DESTINATAIRE' : 'CLIENT'
  w.at(label, bx + 10, by, inner, { characterSpacing: 0.6 })
  by += 11
  w.font(BOLD, 10.5).at(d.nom, bx + 10, by, inner)
  by += w.height(d.nom, inner) + 2
  w.font(FONT, 9)
  for (const line of lines) {
    w.at(line, bx + 10, by, inner)
    by += w.height(line, inner) + 0.5
  }
  by += 8
  w.pdf
    .roundedRect(bx, top, bw, by - top, 4)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke()
  w.y = Math.max(y, by) + 16
}

function drawObjet(w: Writer) {
  const { doc } = w
  w.ensure(40)
  w.font(BOLD, 10).at(`Objet : ${doc.objet}`, LEFT, w.y, WIDTH)
  w.y += w.height(`Objet : ${doc.objet}`, WIDTH) + 3
  if (doc.adresse_chantier) {
    const text = `Adresse du chantier : ${doc.adresse_chantier}`
    w.font(FONT, 9, MUTED).at(text, LEFT, w.y, WIDTH)
    w.y += w.height(text, WIDTH) + 3
  }
  w.y += 6
  if (doc.intro?.trim()) {
    w.paragraph(doc.intro.trim())
    w.y += 10
  }
}

function drawConditions(w: Writer) {
  const text = w.doc.conditions?.trim()
  if (!text) return
  w.ensure(40)
  w.font(BOLD, 9.5).at('Conditions', LEFT, w.y, WIDTH)
  w.y += 14
  w.paragraph(text, 8.5)
  w.y += 12
}

function drawSignature(w: Writer, signature: Buffer | null) {
  const { doc } = w
  if (!doc.signature && !doc.bon_pour_accord && !doc.signature_a_apposer) return
  const h = doc.signature && signature ? 124 : 92
  w.ensure(h + 4)
  const top = w.y
  const half = (WIDTH - 16) / 2
  const box = (x: number, title: string, lines: string[]) => {
    w.pdf.roundedRect(x, top, half, h, 4).lineWidth(0.8).strokeColor(RULE).stroke()
    w.font(BOLD, 9).at(title, x + 10, top + 8, half - 20)
    let y = top + 22
    w.font(FONT, 8.5, MUTED)
    for (const line of lines) {
      w.at(line, x + 10, y, half - 20)
      y += w.height(line, half - 20) + 3
    }
  }
  box(LEFT, `Pour ${doc.emetteur.nom}`, doc.contact_commercial ? [doc.contact_commercial] : [])
  if (doc.signature) {
    const s = doc.signature
    if (signature) {
      try {
        w.pdf.image(signature, LEFT + half + 26, top + h - 62, { fit: [150, 54] })
      } catch (error) {
        w.warn(error, 'signature not drawable: bdc printed without it')
      }
    }
    box(LEFT + half + 16, 'Signé par le client', [
      `Signataire : ${s.signataire ?? ''}`,
      `Date : ${formatDate(s.signe_le)}`,
      ...(s.lieu ? [`Lieu : ${s.lieu}`] : []),
    ])
  } else if (doc.signature_a_apposer) {
    // A bdc is the contract itself: no « Bon pour accord » of a quote, the place is recorded
    box(LEFT + half + 16, 'Signature du client', [
      'Lu et approuvé.',
      'Fait à : ............................................ le ......../......../............',
      'Signé :  [  ] dans nos locaux    [  ] au domicile du client',
      'Signature :',
    ])
  } else {
    box(LEFT + half + 16, 'Bon pour accord', [
      'Date :',
      'Signature du client, précédée de la mention « Bon pour accord » :',
    ])
  }
  w.y = top + h + 12
}

/** The mentions after the company identity (6 %, autoliquidation…), at the foot of the last page. */
function drawMentions(w: Writer) {
  const extra = w.doc.mentions.slice(1)
  if (!extra.length) return
  const text = extra.join('\n')
  w.font(FONT, 6.8, MUTED)
  const h = w.height(text, WIDTH, { lineGap: 1, paragraphGap: 2 }) + 4
  if (w.y + h > BOTTOM) w.newPage()
  const y = Math.max(w.y, BOTTOM - h)
  w.font(FONT, 6.8, MUTED).at(text, LEFT, y, WIDTH, { paragraphGap: 2 })
  w.y = y + h
}

// ── Every page: footer, page number, draft mark ──────────────────────────────────────────────

export function drawPageDecorations(w: Writer) {
  const { pdf, doc } = w
  const range = pdf.bufferedPageRange()
  const e = doc.emetteur
  const identity = doc.mentions[0] ?? e.nom
  const bank = [
    e.iban ? `IBAN ${formatIban(e.iban)}` : null,
    e.bic ? `BIC ${e.bic}` : null,
    e.email,
    e.telephone ? `Tél. ${e.telephone}` : null,
  ]
    .filter(Boolean)
    .join(' — ')
  for (let i = 0; i < range.count; i++) {
    pdf.switchToPage(range.start + i)
    // Writing below the bottom margin would make pdfkit add a page
    const margin = pdf.page.margins.bottom
    pdf.page.margins.bottom = 0
    if (doc.brouillon) {
      pdf.save()
      pdf.rotate(-35, { origin: [PAGE_W / 2, PAGE_H / 2] })
      pdf.fillOpacity(0.07)
      w.font(BOLD, 96, '#000000').at('BROUILLON', 0, PAGE_H / 2 - 40, PAGE_W, {
        align: 'center',
        lineBreak: false,
      })
      pdf.restore()
      pdf.fillOpacity(1)
    }
    pdf.moveTo(LEFT, FOOTER_TOP).lineTo(RIGHT, FOOTER_TOP).lineWidth(0.5).strokeColor(RULE).stroke()
    w.font(FONT, 6.8, MUTED).at(identity, LEFT, FOOTER_TOP + 5, WIDTH - 70)
    if (bank) w.at(bank, LEFT, pdf.y + 1, WIDTH - 70)
    w.font(FONT, 8, MUTED).at(`Page ${i + 1} / ${range.count}`, RIGHT - 70, FOOTER_TOP + 5, 70, {
      align: 'right',
      lineBreak: false,
    })
    pdf.page.margins.bottom = margin
  }
}

export type RenderOptions = {
  /** A Factur-X: PDF/A-3b, fonts embedded, this CII attached (app/services/pdf/facturx.ts). */
  facturx?: FacturxAttachment | null
}

/** All a document's PDF needs, its images already read: what a worker thread receives. */
export type DrawInput = {
  doc: DocumentData
  logo: Uint8Array | null
  signature: Uint8Array | null
  facturx: FacturxAttachment | null
}

export type DrawResult = { pdf: Uint8Array; warnings: { msg: string; err: string }[] }

const buffer = (bytes: Uint8Array | null) =>
  bytes &&
  (Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))

/**
 * The document as an A4 PDF; a Factur-X (PDF/A-3b) when given its XML. Pure: no database, no
 * storage, no logger (warnings are returned), so the same function runs in process and in the
 * PDF worker threads (app/services/pdf/pdf_pool.ts).
 */
export async function drawDocument(input: DrawInput): Promise<DrawResult> {
  const { doc, facturx } = input
  const logo = buffer(input.logo)
  const date = /^\d{4}-\d{2}-\d{2}$/.test(doc.date) ? new Date(`${doc.date}T12:00:00Z`) : new Date()
  const info = (text: string) => (facturx ? xmpSafe(t(text)) : t(text))
  const pdf = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    autoFirstPage: true,
    // pdfkit's own page breaks (long paragraphs) stop where the footer begins
    margins: { top: TOP, left: LEFT, right: PAGE_W - RIGHT, bottom: PAGE_H - BOTTOM },
    lang: 'fr-BE',
    displayTitle: true,
    ...(facturx ? pdfaOptions() : {}),
    info: {
      Title: info(documentTitle(doc)),
      Author: info(doc.emetteur.nom),
      Subject: info(`${DOCUMENT_TITLES[doc.kind]} — ${doc.objet}`),
      Creator: 'ESI',
      Producer: 'ESI (pdfkit)',
      CreationDate: date,
      ModDate: date,
    },
  })
  if (facturx) embedFonts(pdf)
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  const w = new Writer(pdf, doc)
  drawHeader(w, logo)
  drawTitle(w)
  drawObjet(w)
  drawLines(w)
  drawTotals(w)
  drawConditions(w)
  drawSignature(w, buffer(input.signature))
  drawMentions(w)
  drawRetractation(w)
  drawPreuveSignature(w)
  drawPageDecorations(w)
  if (facturx) attachFacturx(pdf, facturx, date)
  pdf.end()
  return { pdf: await done, warnings: w.warnings }
}
