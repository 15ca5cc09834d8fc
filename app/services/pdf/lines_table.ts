/*
 * The lines table of a printed document: its header repeats on every page; a row never splits.
 */
import {
  LEFT,
  RIGHT,
  WIDTH,
  TOP,
  BOTTOM,
  FONT,
  BOLD,
  ITALIC,
  MUTED,
  ACCENT,
  RULE,
  SHADE,
  type Writer,
} from '#services/pdf/pdf_writer'
import {
  formatPct,
  isZeroPct,
  optionLabel,
  OPTIONS_HORS_TOTAL_NOTE,
  type DocumentLigne,
} from '#shared/document'
import { formatEuros } from '#shared/totals'
import { formatQuantiteUnite } from '#shared/produits'

/** The lines table: désignation, quantité, PU HT, remise, TVA, total HT. */
const COLS = [
  { key: 'designation', label: 'Désignation', width: 230, align: 'left' },
  { key: 'quantite', label: 'Quantité', width: 62, align: 'right' },
  { key: 'pu', label: 'PU HT', width: 66, align: 'right' },
  { key: 'remise', label: 'Remise', width: 42, align: 'right' },
  { key: 'tva', label: 'TVA', width: 38, align: 'right' },
  { key: 'total', label: 'Total HT', width: WIDTH - 230 - 62 - 66 - 42 - 38, align: 'right' },
] as const
export const PAD = 4

function quantiteText(l: DocumentLigne): string {
  return formatQuantiteUnite(l.quantite, l.unite)
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
    // An option carries its label on a line of its own under the designation
    if (l.option) h += 10
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
    const label = optionLabel(l.option)
    const top = label ? y + PAD + 10 : y + PAD
    if (label) {
      w.font(BOLD, 7.5, ACCENT).at(label.toUpperCase(), LEFT + PAD, y + PAD, designationW, {
        lineBreak: false,
      })
    }
    w.font(FONT, 8.5, l.option === 'ecartee' ? MUTED : undefined).at(
      l.designation,
      LEFT + PAD,
      top,
      designationW,
      cellOpts
    )
    const net = formatEuros(l.total_ht ?? 0)
    const cells = [
      quantiteText(l),
      l.prix_unitaire_ht === null ? '' : formatEuros(l.prix_unitaire_ht),
      isZeroPct(l.remise_pct) ? '' : formatPct(l.remise_pct),
      l.taux_tva === null ? '' : formatPct(l.taux_tva),
      l.option === 'ecartee' ? `(${net})` : net,
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

export function drawLines(w: Writer) {
  w.ensure(18 + 30)
  drawTableHeader(w)
  if (w.doc.lignes.length === 0) {
    w.font(ITALIC, 9, MUTED).at('Aucune ligne.', LEFT + PAD, w.y + PAD, WIDTH)
    w.y += 20
  }
  for (const ligne of w.doc.lignes) drawRow(w, ligne)
  if (w.doc.lignes.some((l) => l.option === 'ecartee')) {
    w.y += 4
    w.ensure(14)
    w.font(ITALIC, 8, MUTED).at(OPTIONS_HORS_TOTAL_NOTE, LEFT + PAD, w.y, WIDTH - 2 * PAD)
    w.y += 10
  }
  w.y += 14
}
