/*
 * Issue 12: the photos and documents of a commande and its steps. A photo is checked by content
 * (files.ts checkUpload), then re-encoded by sharp: turned upright from its EXIF orientation, at
 * most 2 560 px, JPEG, metadata dropped (a phone's GPS and serial number do not travel with the
 * file) — the date and place it was taken are read first and kept in the row. A 480 px thumbnail
 * is made with it. Re-encoding also means a polyglot (an image that is also a script) is not
 * stored as sent. Documents are PDFs the app rendered itself (measurement sheet, PV…).
 */
import { DateTime } from 'luxon'
import sharp from 'sharp'
import exifr from 'exifr'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import db from '@adonisjs/lucid/services/db'
import CommandeFichier from '#models/commande_fichier'
import {
  checkUpload,
  deleteFile,
  putBytes,
  storedFile,
  type StoredFile,
} from '#services/storage/files'
import { historique } from '#services/commandes/etapes'
import { heicToJpeg } from '#services/commandes/heic'
import type { Etape } from '#shared/commande_etapes'
import { TIME_ZONE } from '#shared/app'

const PHOTO_SIDE = 2560
const THUMB_SIDE = 480

export type PhotoInput = {
  commandeId: number
  etape: Etape | null
  file: MultipartFile
  moment?: 'avant' | 'apres' | null
  mesureLigneId?: number | null
  legende?: string | null
  /** Shown on the public portfolio (issue 14 §4). */
  publique?: boolean
  auteurId: number | null
}

/** The upright, re-encoded photo and its thumbnail; null when the bytes are not a readable image. */
export async function processPhoto(input: Buffer) {
  try {
    const image = sharp(input, { failOn: 'error', limitInputPixels: 80_000_000 }).rotate()
    const photo = await image
      .clone()
      .resize({ width: PHOTO_SIDE, height: PHOTO_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer({ resolveWithObject: true })
    const thumb = await image
      .clone()
      .resize({ width: THUMB_SIDE, height: THUMB_SIDE, fit: 'inside', withoutEnlargement: true })
      .jpeg({ quality: 78 })
      .toBuffer()
    return { photo: photo.data, width: photo.info.width, height: photo.info.height, thumb }
  } catch {
    return null
  }
}

/**
 * When and where the photo was taken, from its EXIF (absent on screenshots: nulls). sharp finds
 * the EXIF block in every accepted format (JPEG, PNG, WebP, HEIC); exifr reads its TIFF body.
 */
export async function photoFacts(input: Buffer) {
  const none = { priseLe: null, latitude: null, longitude: null }
  try {
    const { exif } = await sharp(input).metadata()
    if (!exif) return none
    // A JPEG's block keeps its APP1 « Exif\0\0 » prefix, a HEIF's has none
    const tiff = exif.subarray(0, 6).toString('latin1') === 'Exif\0\0' ? exif.subarray(6) : exif
    const tags = await exifr.parse(tiff, { pick: ['DateTimeOriginal', 'CreateDate'] })
    const gps = await exifr.gps(tiff).catch(() => null)
    const date: unknown = tags?.DateTimeOriginal ?? tags?.CreateDate
    // EXIF gives the camera's wall-clock time without a zone: read as Brussels time (exifr
    // built the Date in the process's zone, its local fields are the EXIF's)
    const priseLe =
      date instanceof Date && !Number.isNaN(date.getTime())
        ? DateTime.fromObject(
            {
              year: date.getFullYear(),
              month: date.getMonth() + 1,
              day: date.getDate(),
              hour: date.getHours(),
              minute: date.getMinutes(),
              second: date.getSeconds(),
            },
            { zone: TIME_ZONE }
          )
        : null
    const ok = (n: unknown, max: number) =>
      typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= max
    return {
      priseLe,
      latitude: gps && ok(gps.latitude, 90) ? gps.latitude : null,
      longitude: gps && ok(gps.longitude, 180) ? gps.longitude : null,
    }
  } catch {
    return none
  }
}

/** A safe display name: the user's file name, without path or control characters. */
function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? ''
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return base.replace(/[\u0000-\u001f\u007f<>"]/g, '').slice(0, 200)
}

/**
 * Stores a work photo; null when the file is refused (type by content, size, unreadable image).
 * The files are written before the row: if the transaction rolls back, they are deleted.
 */
export async function storeCommandePhoto(
  trx: TransactionClientContract | null,
  input: PhotoInput
): Promise<CommandeFichier | null> {
  const format = await checkUpload('photo', input.file)
  if (!format || !input.file.tmpPath) return null
  const { readFile } = await import('node:fs/promises')
  const original = await readFile(input.file.tmpPath)
  return storePhotoBytes(trx, original, format === 'heic', {
    ...input,
    nomOriginal: input.file.clientName,
  })
}

/**
 * The one path of a photo's bytes once their type is known (an upload checked above, or images
 * the app made: demo data, tests): HEIC decoded, turned upright, re-encoded without metadata,
 * its thumbnail, the date and place read from the original. Null for an unreadable image.
 */
export async function storePhotoBytes(
  trx: TransactionClientContract | null,
  original: Buffer,
  heic: boolean,
  input: Omit<PhotoInput, 'file'> & { nomOriginal: string }
): Promise<CommandeFichier | null> {
  // An iPhone's HEIC is decoded to JPEG first (decision 531), then takes the same path
  const decodable = heic ? await heicToJpeg(original) : original
  const processed = decodable ? await processPhoto(decodable) : null
  if (!processed) return null
  const facts = await photoFacts(original)
  const photo = await putBytes('photo', processed.photo)
  // The thumbnail refused (disk full): the photo goes too, no file without its row
  const thumb = await putBytes('vignette', processed.thumb).catch(async (error) => {
    await deleteFile(photo)
    throw error
  })
  return insertFichier(trx, [photo, thumb], {
    commandeId: input.commandeId,
    etape: input.etape,
    kind: 'photo',
    moment: input.moment ?? null,
    mesureLigneId: input.mesureLigneId ?? null,
    nomStocke: photo.name,
    vignette: thumb.name,
    mime: photo.mime,
    taille: processed.photo.length,
    largeur: processed.width,
    hauteur: processed.height,
    nomOriginal: displayName(input.nomOriginal),
    legende: input.legende?.trim() || null,
    publique: input.publique ?? false,
    priseLe: facts.priseLe,
    latitude: facts.latitude,
    longitude: facts.longitude,
    auteurId: input.auteurId,
  })
}

/**
 * The row of files already written, with its history line, in the caller's transaction or its
 * own; the files are deleted when that transaction rolls back (no orphan file).
 */
async function insertFichier(
  trx: TransactionClientContract | null,
  files: StoredFile[],
  values: Partial<CommandeFichier> & { commandeId: number; etape: Etape | null }
): Promise<CommandeFichier> {
  const forget = () => Promise.all(files.map(deleteFile)).then(() => {})
  const write = async (client: TransactionClientContract) => {
    client.after('rollback', forget)
    const row = await CommandeFichier.create(values, { client })
    await historique(client, {
      commandeId: values.commandeId,
      etape: values.etape,
      userId: values.auteurId ?? null,
      action: row.kind,
      detail: row.nomOriginal || null,
    })
    return row
  }
  try {
    return trx ? await write(trx) : await db.transaction(write)
  } catch (error) {
    if (!trx) await forget()
    throw error
  }
}

/** Stores a PDF the app rendered (measurement sheet, supplier order, PV, avenant) for a step. */
export async function storeCommandeDocument(
  trx: TransactionClientContract | null,
  input: {
    commandeId: number
    etape: Etape | null
    bytes: Uint8Array
    nomOriginal: string
    auteurId: number | null
  }
): Promise<CommandeFichier> {
  const file = await putBytes('commande_document', input.bytes)
  return insertFichier(trx, [file], {
    commandeId: input.commandeId,
    etape: input.etape,
    kind: 'document',
    nomStocke: file.name,
    mime: file.mime,
    taille: input.bytes.length,
    nomOriginal: displayName(input.nomOriginal),
    auteurId: input.auteurId,
  })
}

/** The stored file of a row (original or thumbnail), never a path from a request. */
export function fichierStored(row: CommandeFichier, vignette = false): StoredFile | null {
  if (row.kind === 'document') return storedFile('commande_document', row.nomStocke)
  return vignette ? storedFile('vignette', row.vignette) : storedFile('photo', row.nomStocke)
}

/** What a page shows of a file (URLs built by the page from the ids). */
export function fichierItem(row: CommandeFichier) {
  return {
    // bigint: the driver reads it as a string
    id: Number(row.id),
    commande_id: row.commandeId,
    etape: row.etape,
    kind: row.kind,
    moment: row.moment,
    mesure_ligne_id: row.mesureLigneId,
    nom: row.nomOriginal,
    legende: row.legende,
    publique: row.publique,
    largeur: row.largeur,
    hauteur: row.hauteur,
    prise_le: row.priseLe?.toISO() ?? null,
    created_at: row.createdAt.toISO()!,
  }
}
export type FichierItem = ReturnType<typeof fichierItem>

/** The files of a commande (optionally of a step), newest first. */
export async function commandeFichiers(commandeId: number, etape?: Etape) {
  const query = CommandeFichier.query().where('commandeId', commandeId).orderBy('id', 'desc')
  if (etape) query.where('etape', etape)
  const rows = await query.limit(500)
  return rows.map(fichierItem)
}
