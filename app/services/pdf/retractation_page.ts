/*
 * A bdc's withdrawal annex (shared/retractation.ts) printed on a page of its own, after the bdc.
 */
import {
  ACCENT,
  BOLD,
  FONT,
  ITALIC,
  LEFT,
  MUTED,
  RIGHT,
  RULE,
  WIDTH,
  type Writer,
} from '#services/pdf/pdf_writer'

/**
 * The withdrawal information and the model form (shared/retractation.ts) on a page of their own,
 * so the customer can detach the form and send it back.
 */
export function drawRetractation(w: Writer) {
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
