/*
 * The closing figures of a printed document: VAT summary, totals, acompte, payment details.
 */
import {
  LEFT,
  RIGHT,
  WIDTH,
  FONT,
  BOLD,
  MUTED,
  ACCENT,
  RULE,
  SHADE,
  type Writer,
} from '#services/pdf/pdf_writer'
import { PAD } from '#services/pdf/lines_table'
import { formatPct } from '#shared/document'
import { formatEuros } from '#shared/totals'

/** The PNG of a data: URL (the EPC QR code), or null. */
function qrBytes(dataUrl: string | null | undefined): Buffer | null {
  const m = /^data:image\/png;base64,([A-Za-z0-9+/=]+)$/.exec(dataUrl ?? '')
  return m ? Buffer.from(m[1], 'base64') : null
}

// ── Totals ───────────────────────────────────────────────────────────────────────────────────

export function drawTotals(w: Writer) {
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
        w.warn(error, 'EPC QR code not drawable')
      }
    }
  }
  w.y += 6
}
