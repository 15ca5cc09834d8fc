/*
 * Société logos on disk (ASVS 5.2–5.4): PNG, JPEG or WebP recognised by their first bytes, the
 * extension of the upload matching; stored under storage/uploads/logos with a random name that
 * nothing of the user's filename enters; read back only through a name that matches that shape.
 * SVG is refused: it can carry scripts.
 */
import app from '@adonisjs/core/services/app'
import { randomBytes } from 'node:crypto'
import { mkdir, open, unlink, writeFile } from 'node:fs/promises'
import { extname, join } from 'node:path'
import type { MultipartFile } from '@adonisjs/core/bodyparser'

export type LogoFormat = 'png' | 'jpg' | 'webp'

export const LOGO_MIME: Record<LogoFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
}

const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/

export const LOGO_CONTENT_MISMATCH =
  'Le contenu du fichier n’est pas une image PNG, JPEG ou WebP correspondant à son extension.'

/** storage/uploads/logos (tests: storage/uploads/test/logos, emptied at will). */
export function logoDirectory(): string {
  return app.inTest
    ? app.makePath('storage', 'uploads', 'test', 'logos')
    : app.makePath('storage', 'uploads', 'logos')
}

/** The format announced by the file's first bytes, or null for anything else. */
export function sniffImage(head: Uint8Array): LogoFormat | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpg'
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  return null
}

async function readHead(path: string): Promise<Uint8Array> {
  const handle = await open(path, 'r')
  try {
    const buffer = Buffer.alloc(16)
    const { bytesRead } = await handle.read(buffer, 0, 16, 0)
    return buffer.subarray(0, bytesRead)
  } finally {
    await handle.close()
  }
}

function formatOfExtension(extension: string | undefined): LogoFormat | null {
  const ext = (extension ?? '').toLowerCase()
  if (ext === 'png') return 'png'
  if (ext === 'jpg' || ext === 'jpeg') return 'jpg'
  if (ext === 'webp') return 'webp'
  return null
}

/**
 * Checks the content of an upload whose extension and size VineJS already accepted, and moves
 * it under a random name. Returns the stored name, or null when the bytes are not the image the
 * extension announces (a renamed script, an SVG called logo.png…).
 */
export async function storeLogo(file: MultipartFile): Promise<string | null> {
  if (!file.tmpPath) return null
  const format = sniffImage(await readHead(file.tmpPath))
  // The name the user gave and the type the body parser detected must both announce it
  const declared = formatOfExtension(extname(file.clientName).slice(1))
  if (!format || format !== declared || format !== formatOfExtension(file.extname)) return null
  const name = `${randomBytes(16).toString('hex')}.${format}`
  await mkdir(logoDirectory(), { recursive: true })
  await file.move(logoDirectory(), { name, overwrite: false })
  return name
}

/** Writes bytes already checked as an image (demo data, test fixtures). */
export async function storeLogoBytes(bytes: Uint8Array): Promise<string> {
  const format = sniffImage(bytes)
  if (!format) throw new Error('not a PNG, JPEG or WebP image')
  const name = `${randomBytes(16).toString('hex')}.${format}`
  await mkdir(logoDirectory(), { recursive: true })
  await writeFile(join(logoDirectory(), name), bytes)
  return name
}

/** Where a stored logo is, and its type; null for a name we did not give (never a path). */
export function storedLogo(name: string | null): { path: string; format: LogoFormat } | null {
  if (!name || !STORED_NAME.test(name)) return null
  return { path: join(logoDirectory(), name), format: name.split('.')[1] as LogoFormat }
}

export async function deleteLogo(name: string | null): Promise<void> {
  const stored = storedLogo(name)
  if (stored) await unlink(stored.path).catch(() => {})
}

/** A 1×1 transparent PNG: the smallest valid logo (tests, route matrix). */
export const TINY_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64'
)
