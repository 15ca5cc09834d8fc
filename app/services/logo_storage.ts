/*
 * Société logos: PNG, JPEG or WebP (SVG is refused: it can carry scripts), 1 MB at most, kept
 * through the app's one file storage (app/services/storage/files.ts: checks, random names,
 * private serving). The database keeps the stored name (societes.logo_path).
 */
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { deleteFile, putBytes, putUpload, storedFile } from '#services/storage/files'

export const LOGO_CONTENT_MISMATCH =
  'Le contenu du fichier n’est pas une image PNG, JPEG ou WebP correspondant à son extension.'

/** Checks an upload and stores it; its stored name, or null when the content is refused. */
export async function storeLogo(file: MultipartFile): Promise<string | null> {
  const stored = await putUpload('logo', file)
  return stored?.name ?? null
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
