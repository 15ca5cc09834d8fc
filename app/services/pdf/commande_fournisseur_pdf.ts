/*
 * A supplier order as the supplier receives it (issue 12 §3, decision 356): our company's header
 * and footer (like every document), the supplier in the address box, the number (or BROUILLON),
 * our commande's reference, the delivery address (the chantier) and the confirmed date, then
 * the lines with the MEASURED dimensions, quantities and purchase prices, and the total HT.
 * Built-in Helvetica through the Writer; the loader reads the live rows (a sent order's lines
 * no longer change: only a draft is edited).
 */
import PDFDocument from 'pdfkit'
import db from '@adonisjs/lucid/services/db'
import { drawHeader, drawPageDecorations } from '#services/pdf/render'
import { imageBytes, logPdfWarnings } from '#services/pdf/pdf_pool'
import { addressLines, esiEmetteur } from '#services/pdf/document_parts'
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
  ACCENT,
  RULE,
  SHADE,
  Writer,
  t,
} from '#services/pdf/pdf_writer'
import { NotFoundException } from '#exceptions/http_exceptions'
import { formatDate, todayIso } from '#shared/dates'
import { formatEuros } from '#shared/totals'
import { legalMentions, type DocumentData } from '#shared/document'
import { formatQuantite } from '#shared/commandes_fournisseur'
import type { PdfFile } from '#services/pdf/index'

type Loaded = Awaited<ReturnType<typeof loadCf>>

async function loadCf(cfId: number) {
  const cf = await db
    .from('commandes_fournisseur as cf')
    .join('commandes as c', 'c.id', 'cf.commande_id')
    .join('societes as s', 's.id', 'cf.fournisseur_id')
    .leftJoin('users as u', 'u.id', 'cf.envoyee_par')
    .where('cf.id', cfId)
    .select(
      'cf.*',
      'c.numero as commande_numero',
      'c.client_nom',
      's.nom as f_nom',
      's.adresse as f_adresse',
      's.code_postal as f_cp',
      's.localite as f_localite',
      's.pays as f_pays',
      's.numero_tva as f_tva',
      's.email as f_email',
      's.telephone as f_tel',
      'u.name as envoyee_par_nom',
      'u.email as envoyee_par_email'
    )
    .first()
  if (!cf) throw new NotFoundException()
  const lignes = await db
    .from('commande_fournisseur_lignes')
    .where('commande_fournisseur_id', cfId)
    .orderBy('position')
  return { cf, lignes }
}

function isoOf(value: Date | string | null): string | null {
  if (!value) return null
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10)
}

function drawTitle(w: Writer, { cf }: Loaded) {
  const top = w.y
  const leftW = 260
  let y = top
  const title = cf.numero ? `Commande fournisseur ${cf.numero}` : 'Commande fournisseur (brouillon)'
  w.font(BOLD, 16, ACCENT).at(title, LEFT, y, leftW)
  y += w.height(title, leftW) + 6
  const meta: [string, string][] = [
    ['Date', formatDate(isoOf(cf.envoyee_le) ?? todayIso())],
    ['Notre référence', `${cf.commande_numero} — ${cf.client_nom}`],
  ]
  if (cf.date_livraison_confirmee)
    meta.push(['Livraison confirmée', formatDate(isoOf(cf.date_livraison_confirmee)!)])
  if (cf.envoyee_par_nom) meta.push(['Votre contact', cf.envoyee_par_nom])
  for (const [k, v] of meta) {
    w.font(FONT, 9, MUTED).at(`${k} :`, LEFT, y, 100)
    w.font(BOLD, 9).at(v, LEFT + 100, y, leftW - 100)
    y += Math.max(w.height(v, leftW - 100), 11) + 1.5
  }
  // The supplier, where a window envelope shows it
  const bx = LEFT + 280
  const bw = RIGHT - bx
  const inner = bw - 20
  const lines = [
    ...addressLines(cf.f_adresse, cf.f_cp, cf.f_localite, cf.f_pays),
    cf.f_tva ? `TVA ${cf.f_tva}` : null,
    cf.f_email,
    cf.f_tel,
  ].filter((l): l is string => Boolean(l))
  let by = top + 8
  w.font(FONT, 7.5, MUTED).at('FOURNISSEUR', bx + 10, by, inner, { characterSpacing: 0.6 })
  by += 11
  w.font(BOLD, 10.5).at(cf.f_nom, bx + 10, by, inner)
  by += w.height(cf.f_nom, inner) + 2
  w.font(FONT, 9)
  for (const line of lines) {
    w.at(line, bx + 10, by, inner)
    by += w.height(line, inner) + 0.5
  }
  w.pdf
    .roundedRect(bx, top, bw, by - top + 8, 4)
    .lineWidth(0.7)
    .strokeColor(RULE)
    .stroke()
  w.y = Math.max(y, by + 8) + 16
  const livraison = `Adresse de livraison (chantier) : ${cf.adresse_livraison || 'à convenir avec nous'}`
  w.font(BOLD, 9.5).at(livraison, LEFT, w.y, WIDTH)
  w.y += w.height(livraison, WIDTH) + 12
}

const COLS = { pos: 22, ref: 90, qte: 48, pu: 70, total: 72 }

function drawLignes(w: Writer, { lignes }: Loaded) {
  const desW = WIDTH - COLS.pos - COLS.ref - COLS.qte - COLS.pu - COLS.total
  const header = () => {
    w.pdf.rect(LEFT, w.y, WIDTH, 18).fill(SHADE)
    let x = LEFT
    const cells: [string, number, 'left' | 'right'][] = [
      ['#', COLS.pos, 'left'],
      ['Référence', COLS.ref, 'left'],
      ['Désignation (dimensions mesurées)', desW, 'left'],
      ['Qté', COLS.qte, 'right'],
      ['Prix unit. HT', COLS.pu, 'right'],
      ['Total HT', COLS.total, 'right'],
    ]
    for (const [text, width, align] of cells) {
      w.font(BOLD, 8).at(text, x + 3, w.y + 5, width - 6, { align })
      x += width
    }
    w.y += 20
  }
  header()
  for (const l of lignes) {
    const des = String(l.designation)
    const h = Math.max(w.height(des, desW - 6), 10) + 8
    if (w.y + h > BOTTOM) {
      w.newPage()
      header()
    }
    let x = LEFT
    const unite = l.unite && l.unite !== 'piece' ? ` ${l.unite}` : ''
    const cells: [string, number, 'left' | 'right', boolean][] = [
      [String(l.position), COLS.pos, 'left', false],
      [l.reference ?? '', COLS.ref, 'left', false],
      [des, desW, 'left', false],
      [`${formatQuantite(l.quantite)}${unite}`, COLS.qte, 'right', true],
      [formatEuros(Number(l.prix_achat)), COLS.pu, 'right', false],
      [formatEuros(Number(l.total)), COLS.total, 'right', false],
    ]
    for (const [text, width, align, bold] of cells) {
      w.font(bold ? BOLD : FONT, width === COLS.ref ? 7.5 : 8.5).at(
        text,
        x + 3,
        w.y + 4,
        width - 6,
        {
          align,
        }
      )
      x += width
    }
    w.y += h
    w.pdf.moveTo(LEFT, w.y).lineTo(RIGHT, w.y).lineWidth(0.5).strokeColor(RULE).stroke()
  }
  w.y += 8
}

function drawTotal(w: Writer, { cf }: Loaded) {
  w.ensure(40)
  const width = 220
  const x = RIGHT - width
  w.pdf.rect(x, w.y, width, 20).fill(SHADE)
  w.font(BOLD, 10).at('Total HT', x + 8, w.y + 5, 100)
  w.font(BOLD, 10).at(formatEuros(Number(cf.total_ht)), x + 100, w.y + 5, width - 108, {
    align: 'right',
  })
  w.y += 32
  if (cf.remarques) {
    w.paragraph(`Remarques : ${cf.remarques}`, 9.5)
    w.y += 8
  }
  w.paragraph(
    'Merci de nous confirmer par retour la date de livraison et de reprendre notre numéro de commande sur le bon de livraison et la facture. Les dimensions indiquées sont les dimensions mesurées sur chantier.',
    8.5,
    FONT,
    MUTED
  )
}

/** CF-2026-00001.pdf, or commande-fournisseur-brouillon-12.pdf before it is sent. */
export async function commandeFournisseurPdf(cfId: number): Promise<PdfFile> {
  const loaded = await loadCf(cfId)
  const { cf } = loaded
  const emetteur = await esiEmetteur()
  const date = isoOf(cf.envoyee_le) ?? todayIso()
  const doc = {
    kind: 'bdc',
    numero: cf.numero,
    brouillon: !cf.numero,
    date,
    objet: '',
    adresse_chantier: cf.adresse_livraison,
    emetteur,
    destinataire: {
      nom: cf.f_nom,
      lignes_adresse: [],
      numero_tva: null,
      email: cf.f_email,
      telephone: cf.f_tel,
    },
    intro: null,
    lignes: [],
    total_brut_ht: 0,
    remise_globale_pct: '0',
    remise_globale: 0,
    total_ht: Number(cf.total_ht),
    total_tva: 0,
    total_ttc: 0,
    tva: [],
    conditions: null,
    mentions: legalMentions({ emetteur, tauxUtilises: [], clientProfessionnel: true }),
  } satisfies DocumentData
  const title = cf.numero ? `Commande fournisseur ${cf.numero}` : 'Commande fournisseur'
  const pdf = new PDFDocument({
    size: 'A4',
    bufferPages: true,
    autoFirstPage: true,
    margins: { top: TOP, left: LEFT, right: PAGE_W - RIGHT, bottom: 841.89 - BOTTOM },
    lang: 'fr-BE',
    displayTitle: true,
    info: {
      Title: t(title),
      Author: t(emetteur.nom),
      Subject: t(`${title} — ${cf.f_nom}`),
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
  drawHeader(w, await imageBytes(emetteur.logo_path))
  drawTitle(w, loaded)
  drawLignes(w, loaded)
  drawTotal(w, loaded)
  drawPageDecorations(w)
  logPdfWarnings(w.warnings)
  pdf.end()
  return {
    filename: cf.numero ? `${cf.numero}.pdf` : `commande-fournisseur-brouillon-${cfId}.pdf`,
    content: await done,
  }
}
