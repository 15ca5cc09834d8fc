/*
 * The procès-verbal de réception as a PDF (issue 12 §5, decision 373): the bdc's own header,
 * parties and footer (its DocumentData: company, customer, chantier address, legal identity),
 * then the commande's numero, the date and place, the items installed (the measurement sheet's
 * rows, else the bdc's product lines), the reserves or « sans réserve », the observations, the
 * consent line, the customer's drawn signature, who signed and when, and « Page X / Y ».
 * Built-in Helvetica through the Writer, like every document.
 */
import PDFDocument from 'pdfkit'
import logger from '@adonisjs/core/services/logger'
import { bdcDocument } from '#services/pdf/bdc_loader'
import { drawHeader, drawPageDecorations } from '#services/pdf/render'
import { imageBytes, logPdfWarnings } from '#services/pdf/pdf_pool'
import {
  PAGE_W,
  PAGE_H,
  LEFT,
  RIGHT,
  WIDTH,
  TOP,
  BOTTOM,
  FONT,
  BOLD,
  MUTED,
  ACCENT,
  RULE,
  SHADE,
  Writer,
  t,
} from '#services/pdf/pdf_writer'
import { formatDate, formatDateTime } from '#shared/dates'
import { RECEPTION_CONSENTEMENT, dimensions, type PoseLigne } from '#shared/receptions'

export type ReceptionPdfInput = {
  bdcId: number
  commandeNumero: string
  dateReception: string
  lieu: string | null
  signataire: string
  technicien: string | null
  observations: string | null
  signeeLe: Date
  lignes: PoseLigne[]
  reserves: { description: string }[]
  signature: Buffer | null
}

/** « 2 », « 2,45 »: a quantity without its trailing zeros. */
function quantite(value: number | string | null): string {
  const n = Number(value)
  return value === null || !Number.isFinite(n) ? '' : n.toLocaleString('fr-BE')
}

function section(w: Writer, title: string) {
  w.ensure(40)
  w.y += 6
  w.font(BOLD, 10.5, ACCENT).at(title, LEFT, w.y, WIDTH)
  w.y += 15
}

function drawItems(
  w: Writer,
  lignes: PoseLigne[],
  fallback: { designation: string; quantite: string | null }[]
) {
  const cols = [
    { label: 'Repère', width: 70 },
    { label: 'Désignation', width: WIDTH - 70 - 120 - 130 - 40 },
    { label: 'Dimensions (l × h)', width: 120 },
    { label: 'Sens / couleur / vitrage', width: 130 },
    { label: 'Qté', width: 40 },
  ]
  const rows: string[][] = lignes.length
    ? lignes.map((l) => [
        l.repere,
        [l.designation, l.remarques].filter(Boolean).join(' — '),
        dimensions(l),
        [l.sens_ouverture, l.couleur, l.vitrage].filter(Boolean).join(' / '),
        quantite(l.quantite),
      ])
    : fallback.map((l) => ['', l.designation, '', '', quantite(l.quantite)])
  const header = () => {
    w.ensure(40)
    w.pdf.rect(LEFT, w.y, WIDTH, 16).fill(SHADE)
    let x = LEFT
    for (const c of cols) {
      w.font(BOLD, 8).at(c.label, x + 4, w.y + 4, c.width - 8, { lineBreak: false })
      x += c.width
    }
    w.y += 18
  }
  header()
  if (!rows.length) {
    w.font(FONT, 9, MUTED).at('Aucun élément mesuré.', LEFT + 4, w.y, WIDTH)
    w.y += 14
    return
  }
  for (const row of rows) {
    w.font(FONT, 8.5)
    const h = Math.max(...row.map((cell, i) => w.height(cell || ' ', cols[i].width - 8))) + 6
    if (w.y + h > BOTTOM) {
      w.newPage()
      header()
    }
    let x = LEFT
    for (const [i, cell] of row.entries()) {
      w.font(i === 0 ? BOLD : FONT, 8.5).at(cell, x + 4, w.y + 3, cols[i].width - 8)
      x += cols[i].width
    }
    w.y += h
    w.pdf.moveTo(LEFT, w.y).lineTo(RIGHT, w.y).lineWidth(0.5).strokeColor(RULE).stroke()
  }
  w.y += 6
}

function drawReserves(w: Writer, reserves: { description: string }[]) {
  if (!reserves.length) {
    w.ensure(30)
    w.pdf.rect(LEFT, w.y, WIDTH, 22).fill(SHADE)
    w.font(BOLD, 10).at('Réception sans réserve.', LEFT + 8, w.y + 6, WIDTH - 16)
    w.y += 30
    return
  }
  w.font(FONT, 9).at(
    `Réception avec ${reserves.length} réserve${reserves.length > 1 ? 's' : ''}, à lever par l’entreprise :`,
    LEFT,
    w.y,
    WIDTH
  )
  w.y += 15
  for (const [i, r] of reserves.entries()) {
    const text = `${i + 1}. ${r.description}`
    w.font(FONT, 9)
    const h = w.height(text, WIDTH - 12)
    w.ensure(h + 6)
    w.at(text, LEFT + 12, w.y, WIDTH - 12)
    w.y += h + 4
  }
  w.y += 4
}

function drawSignature(w: Writer, input: ReceptionPdfInput) {
  const h = 130
  w.ensure(h + 10)
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
  box(LEFT, `Pour ${w.doc.emetteur.nom}`, [
    input.technicien ? `Technicien : ${input.technicien}` : 'Technicien :',
  ])
  box(LEFT + half + 16, 'Le client', [
    `Signataire : ${input.signataire}`,
    `Signé le ${formatDateTime(input.signeeLe)}`,
  ])
  if (input.signature) {
    try {
      w.pdf.image(input.signature, LEFT + half + 26, top + h - 70, { fit: [half - 40, 60] })
    } catch (error) {
      logger.warn({ err: error }, 'signature not drawable: PV printed without it')
    }
  }
  w.y = top + h + 12
}

/** The PV's PDF bytes. */
export async function receptionPdf(input: ReceptionPdfInput): Promise<Buffer> {
  const doc = await bdcDocument(input.bdcId)
  const date = new Date(`${input.dateReception}T12:00:00Z`)
  const title = `Procès-verbal de réception — commande ${input.commandeNumero}`
  const pdf = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    autoFirstPage: true,
    margins: { top: TOP, left: LEFT, right: PAGE_W - RIGHT, bottom: PAGE_H - BOTTOM },
    lang: 'fr-BE',
    displayTitle: true,
    info: {
      Title: t(title),
      Author: t(doc.emetteur.nom),
      Subject: t(`${title} — ${doc.objet}`),
      Creator: 'ESI',
      Producer: 'ESI (pdfkit)',
      CreationDate: date,
      ModDate: date,
    },
  })
  const chunks: Buffer[] = []
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk))
    pdf.on('end', () => resolve(Buffer.concat(chunks)))
    pdf.on('error', reject)
  })

  const w = new Writer(pdf, { ...doc, brouillon: false })
  drawHeader(w, await imageBytes(doc.emetteur.logo_path))
  w.font(BOLD, 17, ACCENT).at('Procès-verbal de réception', LEFT, w.y, WIDTH)
  w.y += 24

  // The facts, left; the customer, right
  const top = w.y
  const meta: [string, string][] = [
    ['Commande', input.commandeNumero],
    ['Bon de commande', doc.numero ?? ''],
    ['Date de réception', formatDate(input.dateReception)],
  ]
  if (input.lieu) meta.push(['Lieu', input.lieu])
  let y = top
  for (const [label, value] of meta) {
    w.font(FONT, 9, MUTED).at(`${label} :`, LEFT, y, 100)
    w.font(BOLD, 9).at(value, LEFT + 100, y, 160)
    y += Math.max(w.height(value, 160), 11) + 2
  }
  const bx = LEFT + 280
  const bw = RIGHT - bx
  const d = doc.destinataire
  let by = top + 8
  w.font(FONT, 7.5, MUTED).at('CLIENT', bx + 10, by, bw - 20, { characterSpacing: 0.6 })
  by += 11
  w.font(BOLD, 10.5).at(d.nom, bx + 10, by, bw - 20)
  by += w.height(d.nom, bw - 20) + 2
  w.font(FONT, 9)
  for (const line of [...d.lignes_adresse, d.telephone].filter((l): l is string => Boolean(l))) {
    w.at(line, bx + 10, by, bw - 20)
    by += w.height(line, bw - 20) + 0.5
  }
  by += 8
  w.pdf
    .roundedRect(bx, top, bw, by - top, 4)
    .lineWidth(0.8)
    .strokeColor(RULE)
    .stroke()
  w.y = Math.max(y, by) + 14

  w.font(BOLD, 10).at(`Objet : ${doc.objet}`, LEFT, w.y, WIDTH)
  w.y += w.height(`Objet : ${doc.objet}`, WIDTH) + 3
  if (doc.adresse_chantier) {
    const text = `Adresse du chantier : ${doc.adresse_chantier}`
    w.font(FONT, 9, MUTED).at(text, LEFT, w.y, WIDTH)
    w.y += w.height(text, WIDTH) + 3
  }

  section(w, 'Éléments posés')
  drawItems(
    w,
    input.lignes,
    doc.lignes
      .filter((l) => l.type === 'produit')
      .map((l) => ({ designation: l.designation, quantite: l.quantite }))
  )
  section(w, 'Réserves')
  drawReserves(w, input.reserves)
  if (input.observations?.trim()) {
    section(w, 'Observations')
    w.paragraph(input.observations.trim(), 9)
    w.y += 6
  }
  w.y += 6
  w.paragraph(RECEPTION_CONSENTEMENT, 9)
  w.y += 10
  drawSignature(w, input)
  drawPageDecorations(w)
  logPdfWarnings(w.warnings)
  pdf.end()
  return done
}
