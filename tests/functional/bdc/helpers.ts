/*
 * Helpers of the bdc / commande / paiement tests: an accepted devis (through the real life
 * cycle) gives a bdc; the esi société that is paid; a drawn signature as the canvas sends it.
 */
import { deflateSync } from 'node:zlib'
import { DateTime } from 'luxon'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import Bdc from '#models/bdc'
import Societe from '#models/societe'
import type User from '#models/user'
import { ClientFactory } from '#database/factories/client_factory'
import { replaceLignes, totalsOf } from '#services/documents/lignes'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import type { LigneData } from '#shared/devis'

export const IBAN = 'BE68539007547034'
export const BIC = 'GKCCBEBB'

/** The company that is paid (type esi) with its account. */
export async function esiSociete(): Promise<Societe> {
  const existing = await Societe.query().where('type', 'esi').orderBy('id').first()
  if (existing) {
    existing.merge({ iban: IBAN, bic: BIC, nom: 'Menuiseries Test SRL' })
    return existing.save()
  }
  return Societe.create({
    nom: 'Menuiseries Test SRL',
    type: 'esi',
    pays: 'BE',
    iban: IBAN,
    bic: BIC,
  })
}

export const LIGNES: LigneData[] = [
  {
    type: 'section',
    produit_id: null,
    designation: 'Châssis',
    quantite: null,
    unite: null,
    prix_unitaire_ht: null,
    remise_pct: '0',
    taux_tva: null,
  },
  {
    type: 'produit',
    produit_id: null,
    designation: 'Fenêtre PVC 120×140',
    quantite: '2',
    unite: 'piece',
    prix_unitaire_ht: 45000,
    remise_pct: '10',
    taux_tva: 6,
  },
  {
    type: 'produit',
    produit_id: null,
    designation: 'Porte d’entrée',
    quantite: '1',
    unite: 'piece',
    prix_unitaire_ht: 180000,
    remise_pct: '0',
    taux_tva: 21,
  },
]

export type MakeBdcOptions = {
  user?: User | null
  objet?: string
  clientNom?: string
  email?: string | null
  acomptePct?: string
  lignes?: LigneData[]
}

/** A devis with lines, sent then accepted by the real life cycle: its bdc. */
export async function makeBdc(options: MakeBdcOptions = {}): Promise<Bdc> {
  await esiSociete()
  const client = await ClientFactory.merge({
    nom: options.clientNom ?? 'Lambert',
    email: options.email === undefined ? 'client.lambert@example.com' : options.email,
  }).create()
  const lignes = options.lignes ?? LIGNES
  const acomptePct = options.acomptePct ?? '30'
  const totals = totalsOf(lignes, '0', acomptePct)
  const devis = await Devis.create({
    clientId: client.idClient,
    clientNom: options.clientNom ?? client.nom,
    commercialId: options.user?.id ?? null,
    dateDevis: DateTime.now(),
    valableJusquAu: DateTime.now().plus({ days: 30 }),
    objet: options.objet ?? 'Remplacement des châssis',
    acomptePct,
    acompte: totals.acompte,
    remiseGlobalePct: '0',
    totalHt: totals.total_ht,
    totalTva: totals.total_tva,
    totalTtc: totals.total_ttc,
    tvaDetail: totals.tva,
    statut: 'brouillon',
  })
  await db.transaction((trx) =>
    replaceLignes(trx, 'devis_lignes', 'devis_id', devis.id, lignes, totals)
  )
  const userId = options.user?.id ?? null
  await changeDevisStatut(null, { devisId: devis.id, to: 'envoye', userId })
  const { bdc } = await changeDevisStatut(null, { devisId: devis.id, to: 'accepte', userId })
  // Reloaded: every column (lock_version…) as the database has it
  return Bdc.findOrFail(bdc!.id)
}

/** An 8-bit RGBA PNG of w×h, transparent, with `ink` pixels painted black (a drawn signature). */
export function makePng(width: number, height: number, ink = 0): Buffer {
  const stride = width * 4
  const raw = Buffer.alloc(height * (stride + 1))
  let painted = 0
  for (let y = 0; y < height && painted < ink; y++) {
    for (let x = 0; x < width && painted < ink; x++) {
      const o = y * (stride + 1) + 1 + x * 4
      raw[o + 3] = 255 // black, opaque
      painted++
    }
  }
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4)
    length.writeUInt32BE(data.length)
    // CRC is not checked by the server's reader; a fixed value keeps the helper short
    return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4)])
  }
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr[8] = 8
  ihdr[9] = 6
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ])
}

export const dataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`

/** A drawn signature: 300×100 with a stroke of 400 pixels. */
export const DRAWN = dataUrl(makePng(300, 100, 400))
export const BLANK = dataUrl(makePng(300, 100, 0))

export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n')
export const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')

/** The French field errors a refused form flashed. */
export function fieldErrors(response: any): Record<string, string[]> {
  return (response.flashMessage('inputErrorsBag') as Record<string, string[]>) ?? {}
}
