/*
 * Helpers of the bdc / commande / paiement tests: an accepted devis (through the real life
 * cycle) gives a bdc; the esi société that is paid; a drawn signature as the canvas sends it.
 */
import { deflateSync } from 'node:zlib'
import { systemActor } from '#services/actor'
import Bdc from '#models/bdc'
import Societe from '#models/societe'
import type User from '#models/user'
import { ClientFactory } from '#database/factories/client_factory'
import { autre, insertDevis, produit } from '#tests/functional/document_helpers'
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
  autre('section', 'Châssis'),
  produit('Fenêtre PVC 120×140', 45000, 6, '2', '10'),
  produit('Porte d’entrée', 180000, 21, '1'),
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
  const { devis } = await insertDevis(
    {
      clientId: client.idClient,
      clientNom: options.clientNom ?? client.nom,
      commercialId: options.user?.id ?? null,
      objet: options.objet ?? 'Remplacement des châssis',
      acomptePct: options.acomptePct ?? '30',
    },
    options.lignes ?? LIGNES
  )
  const userId = options.user?.id ?? null
  const sent = await changeDevisStatut(systemActor(), {
    devisId: devis.id,
    to: 'envoye',
    lockVersion: devis.lockVersion,
    userId,
  })
  const { bdc } = await changeDevisStatut(systemActor(), {
    devisId: devis.id,
    to: 'accepte',
    lockVersion: sent.devis.lockVersion,
    userId,
  })
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
