/*
 * Several work photos in one request (issue 14 §4, decision 532): each photo read from the
 * request (app/services/http/photo_multipart.ts) is checked on its own (extension, 15 Mo,
 * content by commande_fichiers.ts) and a refused one does not stop the others: its name and
 * reason come back with the stored ones.
 */
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { errors } from '@vinejs/vine'
import { storeCommandePhoto, type PhotoInput } from '#services/commandes/commande_fichiers'
import type CommandeFichier from '#models/commande_fichier'
import { PHOTO_MESSAGES } from '#validators/commande_fichiers'
import { PHOTO_EXTENSIONS, PHOTO_MAX_BYTES } from '#shared/commande_etapes'

/** A French field error on the photos' field (VineJS-shaped: shown next to the field). */
export function refusePhotos(field: string, messages: string[]): never {
  throw new errors.E_VALIDATION_ERROR(
    messages.map((message) => ({ field, message, rule: 'fichiers' }))
  )
}

export type PhotoRefusal = { nom: string; message: string }

/**
 * Stores each photo (its own transaction); the refused ones with their reason. When none could
 * be stored, the request fails with one field message per photo.
 */
export async function storePhotos(
  field: string,
  files: MultipartFile[],
  input: Omit<PhotoInput, 'file'>
): Promise<{ stored: CommandeFichier[]; refus: PhotoRefusal[] }> {
  const stored: CommandeFichier[] = []
  const refus: PhotoRefusal[] = []
  for (const file of files) {
    const extension = (file.clientName.split('.').pop() ?? '').toLowerCase()
    let message: string | null = null
    if (file.size > PHOTO_MAX_BYTES) message = PHOTO_MESSAGES.size
    else if (!(PHOTO_EXTENSIONS as readonly string[]).includes(extension)) {
      message = PHOTO_MESSAGES.type
    } else {
      const row = await storeCommandePhoto(null, { ...input, file })
      if (row) stored.push(row)
      else message = PHOTO_MESSAGES.content
    }
    if (message) refus.push({ nom: file.clientName, message })
  }
  if (!stored.length) {
    refusePhotos(
      field,
      refus.map((r) => (files.length > 1 ? `${r.nom} : ${r.message}` : r.message))
    )
  }
  return { stored, refus }
}
