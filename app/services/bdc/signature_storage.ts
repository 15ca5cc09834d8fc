/*
 * Signatures of bons de commande (ASVS 5.2–5.4): a drawn signature arrives as a PNG data URL from
 * the canvas and is decoded and checked here (PNG magic bytes, size, not blank); a signed scan is
 * a PDF, PNG or JPEG. Both are kept through the app's one file storage
 * (app/services/storage/files.ts: extension + detected type + first bytes, random names, private
 * serving); the database keeps the stored name (bdcs.signature_path). SVG is refused.
 */
import { inflateSync } from 'node:zlib'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { SIGNATURE_LIMITS } from '#shared/bdc'
import {
  deleteFile,
  putBytes,
  putUpload,
  sniffFormat,
  storedFile,
  type StoredFile,
} from '#services/storage/files'

export const SIGNATURE_MESSAGES = {
  drawnMissing: 'Dessinez la signature du client dans le cadre, ou importez le bon signé.',
  drawnFormat: 'La signature dessinée n’est pas une image PNG valide : effacez et recommencez.',
  drawnTooBig: 'La signature dessinée est trop lourde (500 Ko au plus) : effacez et recommencez.',
  drawnBlank: 'Le cadre de signature est vide : le client doit signer avant la validation.',
  scanMissing: 'Choisissez le fichier du bon de commande signé (PDF, PNG ou JPEG).',
  scanMismatch:
    'Le contenu du fichier n’est pas un PDF, PNG ou JPEG correspondant à son extension.',
  scanSize: 'Le fichier ne peut pas dépasser 5 Mo.',
  scanExtension:
    'Format refusé : le bon signé doit être un PDF, une image PNG ou JPEG (pas de SVG).',
} as const

// ── Drawn signature: PNG data URL ────────────────────────────────────────────────────────────

const DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/

/** Largest canvas accepted (a high-DPI signature pad is far below): guards the inflate. */
const MAX_PIXELS = 4096 * 4096

/**
 * The PNG bytes of a canvas data URL, or the French reason it is refused: not a PNG, too big,
 * or blank (fewer than a handful of pixels differ from the background).
 */
export function decodeDrawnSignature(dataUrl: string): { bytes: Buffer } | { error: string } {
  // base64 of 500 KB is ~683 KB: anything longer is too big without decoding it
  if (dataUrl.length > Math.ceil((SIGNATURE_LIMITS.drawnBytes * 4) / 3) + 64) {
    return { error: SIGNATURE_MESSAGES.drawnTooBig }
  }
  const match = DATA_URL.exec(dataUrl.trim())
  if (!match) return { error: SIGNATURE_MESSAGES.drawnFormat }
  const bytes = Buffer.from(match[1], 'base64')
  if (bytes.length > SIGNATURE_LIMITS.drawnBytes) return { error: SIGNATURE_MESSAGES.drawnTooBig }
  if (sniffFormat(bytes.subarray(0, 16)) !== 'png') return { error: SIGNATURE_MESSAGES.drawnFormat }
  const inked = inkedPixels(bytes)
  if (inked === null) return { error: SIGNATURE_MESSAGES.drawnFormat }
  if (inked < 20) return { error: SIGNATURE_MESSAGES.drawnBlank }
  return { bytes }
}

/**
 * How many pixels of an 8-bit PNG differ from its first pixel (the background; fully
 * transparent pixels all count as one colour); null when the PNG cannot be read.
 */
export function inkedPixels(png: Buffer): number | null {
  try {
    let offset = 8
    let width = 0
    let height = 0
    let channels = 0
    const idat: Buffer[] = []
    while (offset + 8 <= png.length) {
      const length = png.readUInt32BE(offset)
      const type = png.toString('latin1', offset + 4, offset + 8)
      const data = png.subarray(offset + 8, offset + 8 + length)
      if (data.length !== length) return null
      if (type === 'IHDR') {
        width = data.readUInt32BE(0)
        height = data.readUInt32BE(4)
        const [bitDepth, colorType, , , interlace] = data.subarray(8, 13)
        channels = ({ 0: 1, 2: 3, 4: 2, 6: 4 } as Record<number, number>)[colorType] ?? 0
        if (bitDepth !== 8 || !channels || interlace !== 0) return null
      } else if (type === 'IDAT') {
        idat.push(data)
      } else if (type === 'IEND') {
        break
      }
      offset += 12 + length
    }
    if (!width || !height || width * height > MAX_PIXELS || !idat.length) return null
    const stride = width * channels
    const expected = height * (stride + 1)
    const raw = inflateSync(Buffer.concat(idat), { maxOutputLength: expected })
    if (raw.length !== expected) return null

    const hasAlpha = channels === 2 || channels === 4
    let previous = Buffer.alloc(stride)
    let background: string | null = null
    let inked = 0
    for (let y = 0; y < height; y++) {
      const filter = raw[y * (stride + 1)]
      const line = Buffer.from(raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1)))
      for (let x = 0; x < stride; x++) {
        const a = x >= channels ? line[x - channels] : 0
        const b = previous[x]
        const c = x >= channels ? previous[x - channels] : 0
        let add = 0
        if (filter === 1) add = a
        else if (filter === 2) add = b
        else if (filter === 3) add = (a + b) >> 1
        else if (filter === 4) {
          const p = a + b - c
          const [pa, pb, pc] = [Math.abs(p - a), Math.abs(p - b), Math.abs(p - c)]
          add = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        } else if (filter !== 0) return null
        line[x] = (line[x] + add) & 0xff
      }
      for (let x = 0; x < stride; x += channels) {
        const transparent = hasAlpha && line[x + channels - 1] === 0
        const key = transparent ? 't' : line.subarray(x, x + channels).toString('hex')
        if (background === null) background = key
        else if (key !== background) inked++
      }
      previous = line
    }
    return inked
  } catch {
    return null
  }
}

/** Stores a checked drawn signature; returns its stored name. */
export async function storeDrawnSignature(bytes: Buffer): Promise<string> {
  if (sniffFormat(bytes.subarray(0, 16)) !== 'png') throw new Error('a drawn signature is a PNG')
  const stored = await putBytes('signature', bytes)
  return stored.name
}

/** Checks an uploaded scan and stores it; null when its content is not what it announces. */
export async function storeScan(file: MultipartFile): Promise<StoredFile | null> {
  return putUpload('signature', file)
}

/** The stored signature a name designates; null for a name the app did not give. */
export function storedSignature(name: string | null | undefined) {
  return storedFile('signature', name)
}

export async function deleteSignature(name: string | null): Promise<void> {
  await deleteFile(storedSignature(name))
}
