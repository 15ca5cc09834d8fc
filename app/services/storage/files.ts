/*
 * The app's one file storage (ASVS 5.2–5.4), through @adonisjs/drive's default disk
 * (config/drive.ts: the local disk under storage/, or an S3-compatible bucket). Every file a
 * user gives the app goes through here: société logos and bdc signatures now, photos and
 * attachments next (one line in FILE_KINDS each).
 *
 * - A kind of file has its folder, its accepted formats and a size limit.
 * - An upload is accepted only when its extension, the type the body parser detected and its
 *   first bytes announce the same format; SVG, HTML and anything else are refused.
 * - It is stored under a random name (32 hex + the checked format's extension) that nothing of
 *   the user's filename enters; the database keeps that name, the key is `<folder>/<name>`.
 * - A file is read back only through a name of that shape (never a path given by anyone) and
 *   served by the app's controllers with a server-chosen type, nosniff, a sandboxing CSP and an
 *   attachment disposition; nothing is public.
 */
import drive from '@adonisjs/drive/services/main'
import logger from '@adonisjs/core/services/logger'
import { randomBytes } from 'node:crypto'
import { open, readFile, unlink } from 'node:fs/promises'
import { extname } from 'node:path'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { SIGNATURE_LIMITS } from '#shared/bdc'
import { PHOTO_MAX_BYTES } from '#shared/commande_etapes'

export type FileFormat = 'png' | 'jpg' | 'webp' | 'heic' | 'pdf'

export const FILE_MIME: Record<FileFormat, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  /** iPhone photos (HEIF/HEIC): accepted as work photos only, converted to JPEG before storing. */
  heic: 'image/heic',
  pdf: 'application/pdf',
}

type FileKindSpec = { folder: string; formats: readonly FileFormat[]; maxBytes: number }

/** Every kind of file the app keeps. The folders are those used before drive (same keys). */
export const FILE_KINDS = {
  logo: { folder: 'uploads/logos', formats: ['png', 'jpg', 'webp'], maxBytes: 1024 * 1024 },
  signature: {
    folder: 'signatures',
    formats: ['png', 'jpg', 'pdf'],
    maxBytes: SIGNATURE_LIMITS.scanBytes,
  },
  /** Work photos of a commande (issue 12): re-encoded by sharp (stored as JPEG), the upload's cap here. */
  photo: {
    folder: 'commandes/photos',
    formats: ['png', 'jpg', 'webp', 'heic'],
    maxBytes: PHOTO_MAX_BYTES,
  },
  vignette: { folder: 'commandes/vignettes', formats: ['jpg'], maxBytes: 2 * 1024 * 1024 },
  /** PDFs of a commande: measurement sheet, supplier orders, PV de réception, avenant. */
  commande_document: { folder: 'commandes/documents', formats: ['pdf'], maxBytes: 20 * 1024 * 1024 },
} as const satisfies Record<string, FileKindSpec>

export type FileKind = keyof typeof FILE_KINDS

/** A file the app stored: its name (kept in the database), key on the disk, checked type. */
export type StoredFile = {
  kind: FileKind
  name: string
  key: string
  format: FileFormat
  mime: string
}

const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp|pdf)$/

/** ISO-BMFF brands of a HEIF still image (an iPhone's HEIC); AVIF and videos are not among them. */
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1'])

/** The format announced by a file's first bytes (16 are enough), or null for anything else. */
export function sniffFormat(head: Uint8Array): FileFormat | null {
  const starts = (bytes: number[], offset = 0) => bytes.every((b, i) => head[offset + i] === b)
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (starts([0xff, 0xd8, 0xff])) return 'jpg'
  // RIFF....WEBP
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return 'webp'
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf' // %PDF-
  // ....ftypheic: a HEIF box header whose major brand is a still image's
  if (starts([0x66, 0x74, 0x79, 0x70], 4)) {
    const brand = String.fromCharCode(...head.subarray(8, 12))
    if (HEIF_BRANDS.has(brand)) return 'heic'
  }
  return null
}

function formatOfExtension(extension: string | undefined): FileFormat | null {
  const ext = (extension ?? '').toLowerCase()
  if (ext === 'jpeg') return 'jpg'
  if (ext === 'heif') return 'heic'
  return (FILE_MIME as Record<string, string>)[ext] ? (ext as FileFormat) : null
}

function accepts(kind: FileKind, format: FileFormat | null): format is FileFormat {
  return format !== null && (FILE_KINDS[kind].formats as readonly FileFormat[]).includes(format)
}

/** The stored file a name designates; null for a name the app did not give (never a path). */
export function storedFile(kind: FileKind, name: string | null | undefined): StoredFile | null {
  if (!name || !STORED_NAME.test(name)) return null
  const format = name.slice(name.indexOf('.') + 1) as FileFormat
  if (!accepts(kind, format)) return null
  return { kind, name, key: `${FILE_KINDS[kind].folder}/${name}`, format, mime: FILE_MIME[format] }
}

/** The stored file a disk key designates (the PDF renderer gets keys); null for any other key. */
export function storedFileAt(key: string | null | undefined): StoredFile | null {
  if (!key) return null
  const slash = key.lastIndexOf('/')
  const kind = (Object.keys(FILE_KINDS) as FileKind[]).find(
    (k) => FILE_KINDS[k].folder === key.slice(0, slash)
  )
  return kind ? storedFile(kind, key.slice(slash + 1)) : null
}

function newFile(kind: FileKind, format: FileFormat): StoredFile {
  return storedFile(kind, `${randomBytes(16).toString('hex')}.${format}`)!
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

/**
 * Checks an upload whose extension and size VineJS accepted (the size again here), and moves it
 * to the disk under a random name. Null when its bytes are not what its extension announces (a
 * renamed script, an SVG called logo.png…) or it is too big.
 */
export async function putUpload(kind: FileKind, file: MultipartFile): Promise<StoredFile | null> {
  const format = await checkUpload(kind, file)
  if (!format || !file.tmpPath) return null
  const stored = newFile(kind, format)
  // The bytes, not a stream: a stream write that fails on a full disk reports an AbortError
  // that hides the ENOSPC (flydrive's putStream), and the user must be told the disk is full
  const bytes = await readFile(file.tmpPath)
  await written(stored, drive.use().put(stored.key, bytes, { contentType: stored.mime }))
  await unlink(file.tmpPath).catch(() => {})
  file.markAsMoved(stored.name, stored.key)
  return stored
}

/**
 * Waits for a write; when it fails (the disk full: ENOSPC), what it left of the file is removed
 * before the error goes on (answered as a French 507): no partial file stays on the disk.
 */
async function written(file: StoredFile, write: Promise<unknown>): Promise<void> {
  try {
    await write
  } catch (error) {
    await deleteFile(file)
    throw error
  }
}

/**
 * The format of an upload of that kind, or null when it is too big or its bytes are not what its
 * extension announces (the checks of putUpload, for a caller that transforms the file first).
 */
export async function checkUpload(kind: FileKind, file: MultipartFile): Promise<FileFormat | null> {
  if (!file.tmpPath || file.size > FILE_KINDS[kind].maxBytes) return null
  const format = sniffFormat(await readHead(file.tmpPath))
  // The name the user gave and the type the body parser detected must both announce it
  const declared = formatOfExtension(extname(file.clientName).slice(1))
  if (!accepts(kind, format) || format !== declared || format !== formatOfExtension(file.extname))
    return null
  return format
}

/** Writes bytes the caller already checked (a drawn signature, demo data, fixtures). */
export async function putBytes(kind: FileKind, bytes: Uint8Array): Promise<StoredFile> {
  const format = sniffFormat(bytes.subarray(0, 16))
  if (!accepts(kind, format)) throw new Error(`not a ${FILE_KINDS[kind].formats.join('/')} file`)
  if (bytes.length > FILE_KINDS[kind].maxBytes) throw new Error('file too big')
  const stored = newFile(kind, format)
  await written(stored, drive.use().put(stored.key, bytes, { contentType: stored.mime }))
  return stored
}

/** The whole content of a stored file, or null when it is not there (any more). */
export async function readBytes(file: StoredFile | null): Promise<Buffer | null> {
  if (!file) return null
  try {
    return Buffer.from(await drive.use().getBytes(file.key))
  } catch {
    return null
  }
}

/** Whether a stored file is on the disk. */
export async function fileExists(file: StoredFile | null): Promise<boolean> {
  return file ? drive.use().exists(file.key) : false
}

/**
 * Forgets a stored file. Never throws: it runs after the database has let go of the name, and a
 * file left behind (logged) is better than an error on a change already saved.
 */
export async function deleteFile(file: StoredFile | null): Promise<void> {
  if (!file) return
  await drive
    .use()
    .delete(file.key)
    .catch((error) => logger.warn({ err: error, key: file.key }, 'stored file not deleted'))
}

/** The names stored for a kind (tests, maintenance). */
export async function listFiles(kind: FileKind): Promise<string[]> {
  const { objects } = await drive.use().listAll(FILE_KINDS[kind].folder)
  return [...objects].filter((o) => o.isFile).map((o) => o.name)
}
