/*
 * A DocumentData (shared/document.ts) printed as an A4 PDF with pdfkit: logo and company details,
 * title, customer, lines (the table header repeats on every page), VAT summary, totals, acompte,
 * conditions, signature boxes, legal mentions, a bdc's withdrawal form, "Page X / Y". Built-in
 * Helvetica only (WinAnsi): every text goes through sanitizePdfText. Layout is computed by hand (pdfkit has no tables).
 */
import PDFDocument from 'pdfkit'
import logger from '@adonisjs/core/services/logger'
import { readBytes, sniffFormat, storedFileAt } from '#services/storage/files'
import { sanitizePdfText } from '#services/pdf/sanitize'
import {
  DOCUMENT_TITLES,
  documentTitle,
  formatEnterpriseNumber,
  formatPct,
  isZeroPct,
  type DocumentData,
  type DocumentLigne,
} from '#shared/document'
import { formatDate } from '#shared/dates'
import { formatEuros } from '#shared/totals'
import { formatIban } from '#shared/validation/belgium'
import { formatQuantiteUnite } from '#shared/produits'

type Doc = PDFKit.PDFDocument

const PAGE_W = 595.28
const PAGE_H = 841.89
const LEFT = 42
const RIGHT = PAGE_W - 42
const WIDTH = RIGHT - LEFT
const TOP = 40
/** The footer (identity, bank, page number) starts here on every page. */
const FOOTER_TOP = PAGE_H - 56
/** Content never goes below this line. */
const BOTTOM = FOOTER_TOP - 10

const FONT = 'Helvetica'
const BOLD = 'Helvetica-Bold'
const ITALIC = 'Helvetica-Oblique'

const INK = '#1f2933'
const MUTED = '#6b7280'
const ACCENT = '#1d4e89'
const RULE = '#d6dbe1'
const SHADE = '#eef2f7'

/** The lines table: désignation, quantité, PU HT, remise, TVA, total HT. */
const COLS = [
  { key: 'designation', label: 'Désignation', width: 230, align: 'left' },
  { key: 'quantite', label: 'Quantité', width: 62, align: 'right' },
  { key: 'pu', label: 'PU HT', width: 66, align: 'right' },
  { key: 'remise', label: 'Remise', width: 42, align: 'right' },
  { key: 'tva', label: 'TVA', width: 38, align: 'right' },
  { key: 'total', label: 'Total HT', width: WIDTH - 230 - 62 - 66 - 42 - 38, align: 'right' },
] as const
const PAD = 4

const t = sanitizePdfText

function quantiteText(l: DocumentLigne): string {
  return formatQuantiteUnite(l.quantite, l.unite)
}

class Writer {
  y = TOP

  constructor(
    readonly pdf: Doc,
    readonly doc: DocumentData
  ) {}

  font(name: string, size: number, color = INK) {
    this.pdf.font(name).fontSize(size).fillColor(color)
    return this
  }

  height(text: string, width: number, options: PDFKit.Mixins.TextOptions = {}) {
    return this.pdf.heightOfString(t(text), { width, ...options })
  }

  /** Text at (x, y) without moving the flow. */
  at(text: string, x: number, y: number, width: number, options: PDFKit.Mixins.TextOptions = {}) {
    this.pdf.text(t(text), x, y, { width, lineGap: 1, ...options })
  }

  newPage() {
    this.pdf.addPage()
    this.y = TOP
  }

  /** Starts a new page when `needed` points do not fit anymore. */
  ensure(needed: number) {
    if (this.y + needed > BOTTOM) this.newPage()
  }

  /** Flowing text: pdfkit continues it on the next page by itself (margins below). */
  paragraph(text: string, size = 9, font = FONT, color = INK) {
    this.font(font, size, color)
    this.ensure(size * 2)
    this.pdf.text(t(text), LEFT, this.y, { width: WIDTH, lineGap: 1.5 })
    this.y = this.pdf.y
  }
}

// ── Header ───────────────────────────────────────────────────────────────────────────────────

/** The PNG of a data: URL (the EPC QR code), or null. */
function qrBytes(dataUrl: string | null | undefined): Buffer | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? '')
  return m ? Buffer.from(m[1], 'base64') : null
}

/** A PNG or JPEG from the file storage (logo, signature), by its key; anything else is left out. */
async function imageBytes(key: string | null | undefined): Promise<Buffer | null> {
  if (!key) return null
  const bytes = await readBytes(storedFileAt(key))
  if (!bytes) {
    logger.warn({ key }, 'image unreadable: document printed without it')
    return null
  }
  const format = sniffFormat(bytes.subarray(0, 16))
  // pdfkit reads PNG and JPEG only: a WebP logo is left out (the Preview page still shows it)
  return format === 'png' || format === 'jpg' ? bytes : null
}

function drawHeader(w: Writer, logo: Buffer | null) {
  const { pdf, doc } = w
  const e = doc.emetteur
  let leftBottom = TOP
  if (logo) {
    try {
      pdf.image(logo, LEFT, TOP, { fit: [170, 64] })
      leftBottom = TOP + 64
    } catch (error) {
      logger.warn({ err: error }, 'logo not drawable: document printed without it')
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

// ── Lines table ──────────────────────────────────────────────────────────────────────────────

function colX(index: number) {
  return LEFT + COLS.slice(0, index).reduce((sum, c) => sum + c.width, 0)
}

function drawTableHeader(w: Writer) {
  const h = 18
  w.pdf.rect(LEFT, w.y, WIDTH, h).fill(ACCENT)
  w.font(BOLD, 8, '#ffffff')
  COLS.forEach((c, i) => {
    w.at(c.label, colX(i) + PAD, w.y + 5.5, c.width - 2 * PAD, { align: c.align, lineBreak: false })
  })
  w.y += h
}

/** Largest row height a page can hold below the table header. */
const MAX_ROW = BOTTOM - TOP - 18 - 4

function drawRow(w: Writer, l: DocumentLigne) {
  const full = WIDTH - 2 * PAD
  const designationW = COLS[0].width - 2 * PAD
  let h: number
  let font: string
  if (l.type === 'section') {
    font = BOLD
    w.font(font, 9)
    h = w.height(l.designation || ' ', full) + 2 * PAD + 2
  } else if (l.type === 'texte') {
    font = ITALIC
    w.font(font, 8.5)
    h = w.height(l.designation || ' ', full) + 2 * PAD
  } else if (l.type === 'sous_total') {
    font = BOLD
    w.font(font, 8.5)
    h = 10 + 2 * PAD
  } else {
    font = FONT
    w.font(font, 8.5)
    h = Math.max(w.height(l.designation || ' ', designationW), 10) + 2 * PAD
  }
  // A designation longer than a page is cut with "…" (the editor limits it anyway)
  const clipped = h > MAX_ROW
  if (clipped) h = MAX_ROW
  if (w.y + h > BOTTOM) {
    w.newPage()
    drawTableHeader(w)
  }
  const y = w.y
  const textH = clipped ? h - 2 * PAD : undefined
  const cellOpts = { height: textH, ellipsis: clipped ? '…' : undefined }

  if (l.type === 'section') {
    w.pdf.rect(LEFT, y, WIDTH, h).fill(SHADE)
    w.font(BOLD, 9).at(l.designation, LEFT + PAD, y + PAD + 1, full, cellOpts)
  } else if (l.type === 'texte') {
    w.font(ITALIC, 8.5, '#374151').at(l.designation, LEFT + PAD, y + PAD, full, cellOpts)
  } else if (l.type === 'sous_total') {
    const label = l.designation?.trim() || 'Sous-total'
    const labelW = colX(5) - LEFT - 2 * PAD
    w.font(BOLD, 8.5).at(label, LEFT + PAD, y + PAD, labelW, { align: 'right', lineBreak: false })
    w.at(formatEuros(l.total_ht ?? 0), colX(5) + PAD, y + PAD, COLS[5].width - 2 * PAD, {
      align: 'right',
      lineBreak: false,
    })
  } else {
    w.font(FONT, 8.5).at(l.designation, LEFT + PAD, y + PAD, designationW, cellOpts)
    const cells = [
      quantiteText(l),
      l.prix_unitaire_ht === null ? '' : formatEuros(l.prix_unitaire_ht),
      isZeroPct(l.remise_pct) ? '' : formatPct(l.remise_pct),
      l.taux_tva === null ? '' : formatPct(l.taux_tva),
      formatEuros(l.total_ht ?? 0),
    ]
    cells.forEach((text, i) => {
      const c = COLS[i + 1]
      w.at(text, colX(i + 1) + PAD, y + PAD, c.width - 2 * PAD, {
        align: 'right',
        lineBreak: false,
      })
    })
  }
  w.pdf
    .moveTo(LEFT, y + h)
    .lineTo(RIGHT, y + h)
    .lineWidth(0.5)
    .strokeColor(RULE)
    .stroke()
  w.y = y + h
}

function drawLines(w: Writer) {
  w.ensure(18 + 30)
  drawTableHeader(w)
  if (w.doc.lignes.length === 0) {
    w.font(ITALIC, 9, MUTED).at('Aucune ligne.', LEFT + PAD, w.y + PAD, WIDTH)
    w.y += 20
  }
  for (const ligne of w.doc.lignes) drawRow(w, ligne)
  w.y += 14
}

// ── Totals ───────────────────────────────────────────────────────────────────────────────────

function drawTotals(w: Writer) {
  const { doc } = w
  const hasRemise = doc.remise_globale !== 0
  const vatCols = [
    { label: 'Taux TVA', width: 48 },
    { label: 'Base', width: 66 },
    { label: 'Remise', width: 58 },
    { label: 'Base HT', width: 66 },
    { label: 'TVA', width: 60 },
  ]
  const vatW = vatCols.reduce((s, c) => s + c.width, 0)
  const rowH = 14
  const vatH = rowH * (doc.tva.length + 1) + 14
  const totals: [string, string, boolean][] = []
  if (hasRemise) {
    totals.push(['Total brut HT', formatEuros(doc.total_brut_ht), false])
    totals.push([
      `Remise globale (${formatPct(doc.remise_globale_pct)})`,
      `-${formatEuros(doc.remise_globale)}`,
      false,
    ])
  }
  totals.push(['Total HT', formatEuros(doc.total_ht), false])
  totals.push(['Total TVA', formatEuros(doc.total_tva), false])
  const totalsH = totals.length * 15 + 24
  const hasAcompte = Boolean(doc.acompte && doc.acompte > 0)
  w.ensure(Math.max(vatH, totalsH) + (hasAcompte ? 26 : 0))
  const top = w.y

  // VAT summary per rate (left)
  let y = top
  w.font(BOLD, 8.5).at('Récapitulatif TVA', LEFT, y, vatW)
  y += 13
  let x = LEFT
  w.pdf.rect(LEFT, y, vatW, rowH).fill(SHADE)
  w.font(BOLD, 7.5)
  for (const c of vatCols) {
    w.at(c.label, x + PAD, y + 4, c.width - 2 * PAD, { align: 'right', lineBreak: false })
    x += c.width
  }
  y += rowH
  w.font(FONT, 8)
  for (const g of doc.tva) {
    const cells = [
      formatPct(g.taux_tva),
      formatEuros(g.base_brute),
      g.remise ? `-${formatEuros(g.remise)}` : formatEuros(0),
      formatEuros(g.base_ht),
      formatEuros(g.tva),
    ]
    x = LEFT
    cells.forEach((text, i) => {
      w.at(text, x + PAD, y + 4, vatCols[i].width - 2 * PAD, { align: 'right', lineBreak: false })
      x += vatCols[i].width
    })
    y += rowH
    w.pdf
      .moveTo(LEFT, y)
      .lineTo(LEFT + vatW, y)
      .lineWidth(0.5)
      .strokeColor(RULE)
      .stroke()
  }
  const vatBottom = y

  // Totals (right)
  const tw = 200
  const tx = RIGHT - tw
  y = top
  for (const [label, value] of totals) {
    w.font(FONT, 9, MUTED).at(label, tx, y, 115, { lineBreak: false })
    w.font(FONT, 9).at(value, tx + 110, y, tw - 110, { align: 'right', lineBreak: false })
    y += 15
  }
  y += 2
  w.pdf.rect(tx, y, tw, 20).fill(ACCENT)
  w.font(BOLD, 10.5, '#ffffff').at('TOTAL TTC', tx + 6, y + 5.5, 90, { lineBreak: false })
  w.at(formatEuros(doc.total_ttc), tx + 90, y + 5.5, tw - 96, { align: 'right', lineBreak: false })
  y += 20
  w.y = Math.max(vatBottom, y) + 10

  if (hasAcompte) {
    const text = `Acompte demandé (${formatPct(doc.acompte_pct ?? 0)}) : ${formatEuros(doc.acompte!)}`
    w.font(BOLD, 9.5, ACCENT).at(text, LEFT, w.y, WIDTH, { align: 'right' })
    w.y += 16
  }
  if (doc.paiement) {
    const p = doc.paiement
    const text = `Paiement de ${formatEuros(p.montant)} sur le compte ${p.iban}${p.bic ? ` (BIC ${p.bic})` : ''}`
    // On its own line: the structured communication must never be cut by a line break
    const communication = `Communication structurée : ${p.communication}`
    const qr = qrBytes(p.qr_data_url)
    const textW = qr ? WIDTH - 100 : WIDTH
    if (qr) w.ensure(96)
    const qrTop = w.y
    w.font(FONT, 9).at(text, LEFT, w.y, textW, { align: 'right' })
    w.y += w.height(text, textW) + 2
    w.font(BOLD, 9.5).at(communication, LEFT, w.y, textW, { align: 'right', lineBreak: false })
    w.y += 16
    if (qr) {
      // The EPC QR code the customer's banking app scans (the demande de paiement's)
      try {
        w.pdf.image(qr, RIGHT - 88, qrTop, { fit: [88, 88] })
        w.font(FONT, 7, MUTED).at('Scannez pour payer', RIGHT - 88, qrTop + 89, 88, {
          align: 'center',
        })
        w.y = Math.max(w.y, qrTop + 100)
      } catch (error) {
        logger.warn({ err: error }, 'EPC QR code not drawable')
      }
    }
  }
  w.y += 6
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
        logger.warn({ err: error }, 'signature not drawable: bdc printed without it')
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

/**
 * The withdrawal information and the model form (shared/retractation.ts) on a page of their own,
 * so the customer can detach the form and send it back.
 */
function drawRetractation(w: Writer) {
  const r = w.doc.retractation
  if (!r) return
  w.newPage()
  w.font(BOLD, 13, ACCENT).at(r.titre, LEFT, w.y, WIDTH)
  w.y += 20
  for (const p of r.information) {
    w.paragraph(p, 8.8)
    w.y += 4
  }
  w.y += 10
  w.ensure(330)
  w.pdf
    .moveTo(LEFT, w.y)
    .lineTo(RIGHT, w.y)
    .dash(4, { space: 3 })
    .lineWidth(0.8)
    .strokeColor(MUTED)
    .stroke()
    .undash()
  w.font(FONT, 7.5, MUTED).at('Formulaire à découper ou à détacher', LEFT, w.y + 3, WIDTH, {
    align: 'right',
  })
  w.y += 22
  w.font(BOLD, 11.5).at(r.formulaire_titre, LEFT, w.y, WIDTH)
  w.y += 16
  w.font(ITALIC, 8.5, MUTED).at(r.formulaire_consigne, LEFT, w.y, WIDTH)
  w.y += w.height(r.formulaire_consigne, WIDTH) + 10
  for (const line of r.formulaire) {
    const label = `— ${line.label} :`
    w.font(FONT, 9)
    const h = w.height(label, WIDTH)
    w.ensure(h + 30)
    w.at(label, LEFT, w.y, WIDTH)
    w.y += h + 3
    if (line.valeur) {
      w.font(BOLD, 9).at(line.valeur, LEFT + 12, w.y, WIDTH - 12)
      w.y += w.height(line.valeur, WIDTH - 12) + 8
    } else {
      // Room to write by hand
      w.y += 18
      w.pdf
        .moveTo(LEFT + 12, w.y)
        .lineTo(RIGHT, w.y)
        .lineWidth(0.5)
        .strokeColor(RULE)
        .stroke()
      w.y += 8
    }
  }
  w.font(FONT, 8, MUTED).at(r.note, LEFT, w.y + 4, WIDTH)
  w.y = w.pdf.y + 6
}

// ── Every page: footer, page number, draft mark ──────────────────────────────────────────────

function drawPageDecorations(w: Writer) {
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

/** The document as an A4 PDF. */
export async function renderPdf(doc: DocumentData): Promise<Buffer> {
  const logo = await imageBytes(doc.emetteur.logo_path)
  const date = /^\d{4}-\d{2}-\d{2}$/.test(doc.date) ? new Date(`${doc.date}T12:00:00Z`) : new Date()
  const pdf = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    autoFirstPage: true,
    // pdfkit's own page breaks (long paragraphs) stop where the footer begins
    margins: { top: TOP, left: LEFT, right: PAGE_W - RIGHT, bottom: PAGE_H - BOTTOM },
    lang: 'fr-BE',
    displayTitle: true,
    info: {
      Title: t(documentTitle(doc)),
      Author: t(doc.emetteur.nom),
      Subject: t(`${DOCUMENT_TITLES[doc.kind]} — ${doc.objet}`),
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

  const w = new Writer(pdf, doc)
  drawHeader(w, logo)
  drawTitle(w)
  drawObjet(w)
  drawLines(w)
  drawTotals(w)
  drawConditions(w)
  drawSignature(w, await imageBytes(doc.signature?.image_path))
  drawMentions(w)
  drawRetractation(w)
  drawPageDecorations(w)
  pdf.end()
  return done
}
