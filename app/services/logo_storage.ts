/*
 * Société logos: PNG, JPEG or WebP (SVG is refused: it can carry scripts), 1 MB at most, kept
 * through the app's one file storage (app/services/storage/files.ts: checks, random names,
 * private serving). The database keeps the stored name (societes.logo_path). Like the work
 * photos, a logo is decoded and re-encoded (issue 15 §3): a JPEG+HTML polyglot or bytes that
 * only start like an image are not kept as sent, and an unreadable one is refused.
 */
import { readFile } from 'node:fs/promises'
import sharp from 'sharp'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { checkUpload, deleteFile, FILE_KINDS, putBytes, storedFile } from '#services/storage/files'

export const LOGO_CONTENT_MISMATCH =
  'Le contenu du fichier n’est pas une image PNG, JPEG ou WebP correspondant à son extension.'

/** Checks an upload and stores it; its stored name, or null when the content is refused. */
export async function storeLogo(file: MultipartFile): Promise<string | null> {
  const format = await checkUpload('logo', file)
  if (!format || !file.tmpPath) return null
  let bytes: Buffer
  try {
    // Same format, metadata dropped; anything after the image's end is not part of the output
    const image = sharp(await readFile(file.tmpPath), {
      failOn: 'error',
      limitInputPixels: 40_000_000,
    })
    bytes = await (
      format === 'png' ? image.png() : format === 'webp' ? image.webp() : image.jpeg()
    ).toBuffer()
  } catch {
    return null
  }
  // Re-encoded above the size limit: refused like a too big upload. Any other failure of the write
  // (the disk full) goes on to its own French answer, never told as a bad image
  if (bytes.length > FILE_KINDS.logo.maxBytes) return null
  const stored = await putBytes('logo', bytes)
  return stored.name
}

/** Stores bytes already checked as an image (demo data, test fixtures). */
export async function storeLogoBytes(bytes: Uint8Array): Promise<string> {
  const stored = await putBytes('logo', bytes)
  return stored.name
}

/** The stored logo a name designates; null for a name the app did not give (never a path). */
export function storedLogo(name: string | null | undefined) {
  return storedFile('logo', name)
}

export async function deleteLogo(name: string | null): Promise<void> {
  await deleteFile(storedLogo(name))
}

/** A 1×1 transparent PNG: the smallest valid logo (tests, route matrix). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)
