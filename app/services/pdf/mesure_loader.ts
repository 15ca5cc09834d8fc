/*
 * The measurement sheet as a PDF (issue 12 §2, decision 338): the company's header and footer of
 * the commande's bdc (its frozen parties), the commande and the site, one block per measured item
 * (repère, designation, largeur × hauteur, sens, couleur, vitrage, quantité, remarques) with its
 * differences from the devis in red, the sheet's remarks, who validated it and when.
 */
import PDFDocument from 'pdfkit'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import Mesure from '#models/mesure'
import User from '#models/user'
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
import { lignesOf } from '#services/commandes/mesure_feuille'
import { NotFoundException } from '#exceptions/http_exceptions'
import { TIME_ZONE } from '#shared/app'
import { SENS_OUVERTURE_LABELS, type MesureEcart, type SensOuverture } from '#shared/mesurage'
import type { PdfFile } from '#services/pdf/index'

const DANGER = '#b42318'
const qty = (n: number) => String(n).replace('.', ',')

export async function mesurePdf(commandeId: number): Promise<PdfFile> {
  const commande = await Commande.find(commandeId)
  if (!commande) throw new NotFoundException()
  const mesure = await Mesure.findBy('commandeId', commandeId)
  if (!mesure) throw new NotFoundException()
  const lignes = await lignesOf(mesure.id)
  const doc = await bdcDocument(commande.bdcId)
  const bdc = await Bdc.findOrFail(commande.bdcId)
  const valideur = mesure.valideePar ? await User.find(mesure.valideePar) : null

  const pdf = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    autoFirstPage: true,
    margins: { top: TOP, left: LEFT, right: PAGE_W - RIGHT, bottom: PAGE_H - BOTTOM },
    lang: 'fr-BE',
    displayTitle: true,
    info: {
      Title: t(`Feuille de mesurage — commande ${commande.numero}`),
      Author: t(doc.emetteur.nom),
      Creator: 'ESI',
      Producer: 'ESI (pdfkit)',
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
  w.font(BOLD, 17, ACCENT).at('Feuille de mesurage', LEFT, w.y, WIDTH)
  w.y += 24
  const meta: [string, string][] = [
    ['Commande', commande.numero],
    ['Bon de commande', doc.numero ?? ''],
    ['Client', commande.clientNom],
    ['Objet', commande.objet],
  ]
  if (bdc.adresseChantier) meta.push(['Chantier', bdc.adresseChantier])
  meta.push([
    'Statut',
    mesure.statut === 'validee'
      ? `Validée le ${mesure.valideeLe?.setZone(TIME_ZONE).toFormat('dd/MM/yyyy HH:mm') ?? ''}${valideur ? ` par ${valideur.name}` : ''} (tolérance ±${mesure.toleranceMm ?? '—'} mm)`
      : 'Brouillon (non validée)',
  ])
  for (const [label, value] of meta) {
    w.font(FONT, 9, MUTED).at(`${label} :`, LEFT, w.y, 110)
    w.font(BOLD, 9).at(value, LEFT + 110, w.y, WIDTH - 110)
    w.y += Math.max(w.height(value, WIDTH - 110), 11) + 2
  }
  w.y += 10

  lignes.forEach((l, i) => {
    const title = `${i + 1}. ${l.repere ? `${l.repere} — ` : ''}${l.designation || 'Élément'}`
    const dims = `${l.largeur_mm ?? '…'} × ${l.hauteur_mm ?? '…'} mm`
    const details = [
      `Dimensions : ${dims}`,
      `Quantité : ${qty(l.quantite)}`,
      l.sens_ouverture
        ? `Sens : ${SENS_OUVERTURE_LABELS[l.sens_ouverture as SensOuverture] ?? l.sens_ouverture}`
        : null,
      l.couleur ? `Couleur : ${l.couleur}` : null,
      l.vitrage ? `Vitrage : ${l.vitrage}` : null,
    ]
      .filter(Boolean)
      .join('   ·   ')
    const ref = l.reference as Record<string, unknown>
    const devis =
      ref && (ref.largeur_mm || ref.hauteur_mm)
        ? `Devis : ${ref.largeur_mm ?? '…'} × ${ref.hauteur_mm ?? '…'} mm`
        : null
    const ecarts = (l.ecarts ?? []) as MesureEcart[]
    const needed =
      w.height(title, WIDTH) +
      w.height(details, WIDTH) +
      20 +
      ecarts.length * 12 +
      (l.remarques ? 24 : 0)
    w.ensure(needed)
    pdf.rect(LEFT, w.y, WIDTH, w.height(title, WIDTH - 12) + 6).fill(SHADE)
    w.font(BOLD, 10).at(title, LEFT + 6, w.y + 3, WIDTH - 12)
    w.y += w.height(title, WIDTH - 12) + 10
    w.font(FONT, 9.5).at(details, LEFT + 6, w.y, WIDTH - 12)
    w.y += w.height(details, WIDTH - 12) + 3
    if (devis) {
      w.font(FONT, 8.5, MUTED).at(devis, LEFT + 6, w.y, WIDTH - 12)
      w.y += 12
    }
    if (l.remarques) {
      w.font(FONT, 9, MUTED).at(`Remarques : ${l.remarques}`, LEFT + 6, w.y, WIDTH - 12)
      w.y += w.height(`Remarques : ${l.remarques}`, WIDTH - 12) + 3
    }
    for (const e of ecarts) {
      w.font(BOLD, 9, DANGER).at(`Écart — ${e.message}`, LEFT + 6, w.y, WIDTH - 12)
      w.y += w.height(`Écart — ${e.message}`, WIDTH - 12) + 2
    }
    w.y += 6
    pdf.moveTo(LEFT, w.y).lineTo(RIGHT, w.y).lineWidth(0.5).strokeColor(RULE).stroke()
    w.y += 8
  })
  if (!lignes.length) w.paragraph('Aucun élément mesuré.', 10)

  const sheetEcarts = mesure.ecarts ?? []
  for (const e of sheetEcarts) w.paragraph(`Écart — ${e.message}`, 9, BOLD, DANGER)
  if (mesure.remarques) {
    w.y += 6
    w.paragraph('Remarques', 10.5, BOLD)
    w.paragraph(mesure.remarques, 9.5)
  }
  drawPageDecorations(w)
  logPdfWarnings(w.warnings)
  pdf.end()
  return { filename: `${commande.numero}-mesurage.pdf`, content: await done }
}
