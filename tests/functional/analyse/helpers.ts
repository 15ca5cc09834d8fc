/*
 * Helpers of the analyse tests (issue 14 §3): an analyse page's props, its CSV parsed back and
 * its XLSX read back with exceljs, products of a known family and purchase price, a commande
 * signed through the real services then dated on a chosen day.
 */
import ExcelJS from 'exceljs'
import db from '@adonisjs/lucid/services/db'
import type User from '#models/user'
import Bdc from '#models/bdc'
import Commande from '#models/commande'
import { ProduitFactory } from '#database/factories/produit_factory'
import { systemActor } from '#services/actor'
import { signBdc } from '#services/commandes/sign_bdc'
import { decodeDrawnSignature, storeDrawnSignature } from '#services/bdc/signature_storage'
import { parseCsv } from '#services/csv'
import { DRAWN, makeBdc } from '#tests/functional/bdc/helpers'
import { produit } from '#tests/functional/document_helpers'
import { getPdf } from '#tests/functional/pdf/pdf_text'
import type { LigneData } from '#shared/devis'

export async function analyseAs(client: any, user: User, path: string, query = '') {
  const response = await client.get(`${path}${query}`).loginAs(user).withInertia()
  return { response, props: response.body().props ?? {} }
}

/** The CSV export as rows of cells (header first), and the response. */
export async function csvOf(client: any, user: User, url: string) {
  const response = await client.get(url).loginAs(user).redirects(0)
  return { response, rows: parseCsv(response.text()).map((r) => r.cells) }
}

/** The XLSX export's first sheet as rows of values (header first). */
export async function xlsxOf(client: any, user: User, url: string) {
  const { response, body } = await getPdf(client, url, user)
  const workbook = new ExcelJS.Workbook()
  await workbook.xlsx.load(body as unknown as ArrayBuffer)
  const rows: unknown[][] = []
  workbook.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1)))
  return { response, rows }
}

/** "1234,56" → 123456 cents */
export const cents = (cell: unknown) =>
  cell === '' || cell === undefined ? 0 : Math.round(Number(String(cell).replace(',', '.')) * 100)

export async function makeProduit(categorie: string | null, prixAchat: number | null) {
  return ProduitFactory.merge({ categorie, prixAchat }).create()
}

/** A line of `quantite` × `prixCents` HT of a catalogue product (or a free line: null). */
export function ligneDe(
  produitId: number | null,
  prixCents: number,
  quantite = '1',
  tauxTva = 21
): LigneData {
  return {
    ...produit(`Ligne ${produitId ?? 'libre'}`, prixCents, tauxTva, quantite),
    produit_id: produitId,
  }
}

/** A devis accepted then its bdc signed by the real services; signe_le then set to `signeLe`. */
export async function commandeSigneeLe(
  signeLe: string,
  lignes: LigneData[],
  options: { user?: User; clientNom?: string } = {}
) {
  const bdc = await makeBdc({ lignes, user: options.user, clientNom: options.clientNom })
  const decoded = decodeDrawnSignature(DRAWN)
  if ('error' in decoded) throw new Error(decoded.error)
  const { commande } = await signBdc(systemActor(), {
    bdcId: bdc.id,
    lockVersion: bdc.lockVersion,
    signataire: 'Anne Lambert',
    lieu: 'etablissement',
    signatureType: 'dessin',
    signaturePath: await storeDrawnSignature(decoded.bytes),
    signatureMime: 'image/png',
    renonciation: true,
    userId: null,
  })
  await db.from('bdcs').where('id', bdc.id).update({ signe_le: signeLe })
  return { bdc: await Bdc.findOrFail(bdc.id), commande: await Commande.findOrFail(commande.id) }
}
