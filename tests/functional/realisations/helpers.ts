/*
 * Helpers of the réalisations tests (issue 14 §4): photos made by sharp, a multi-photo upload as
 * the page sends it (XHR, `fichiers[]`), the stored bytes of a photo.
 */
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import type CommandeFichier from '#models/commande_fichier'
import { storedFile } from '#services/storage/files'

export const HEIC = new URL('../../fixtures/photos/chantier.heic', import.meta.url)

export function jpeg(width: number, height: number, background = '#c33') {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg()
}

/** A 400 × 200 JPEG whose EXIF says « rotate 90° » (orientation 6), with a date and GPS. */
export function sidewaysJpeg(): Promise<Buffer> {
  return jpeg(400, 200)
    .withExif({
      IFD2: { DateTimeOriginal: '2026:03:12 10:15:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 30/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 30/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

export type Part = [Buffer, string]

export function send(client: any, user: any, commandeId: number, parts: Part[], fields = {}) {
  let request = client
    .post(`/esi/commandes/${commandeId}/fichiers`)
    .loginAs(user)
    .header('accept', 'application/json')
    .header('x-requested-with', 'XMLHttpRequest')
    .field('etape', 'pose')
  for (const [key, value] of Object.entries(fields)) request = request.field(key, String(value))
  for (const [bytes, filename] of parts) request = request.file('fichiers[]', bytes, { filename })
  return request.withCsrfToken()
}

export const messages = (response: any): string[] =>
  (response.body().errors ?? []).map((e: { message: string }) => e.message)

export async function storedBytes(row: CommandeFichier, vignette = false) {
  const file = vignette ? storedFile('vignette', row.vignette) : storedFile('photo', row.nomStocke)
  return Buffer.from(await drive.use().getBytes(file!.key))
}
