/*
 * Several work photos in one request (issue 14 §4, decision 532): the controller reads the
 * multipart body itself, after the rights checks, with the request's own caps — at most
 * PHOTOS_PAR_ENVOI files and ENVOI_MAX_BYTES in all, counted while the bytes arrive (nothing
 * beyond is written to disk). The photos are then stored by app/services/commandes/photo_upload.ts.
 */
import { randomUUID } from 'node:crypto'
import { createWriteStream } from 'node:fs'
import { mkdir, unlink } from 'node:fs/promises'
import { join } from 'node:path'
import { pipeline } from 'node:stream/promises'
import type { HttpContext } from '@adonisjs/core/http'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import { uploadTmpDir } from '#config/bodyparser'
import { cleanInput, needsCleaning } from '#services/http/clean_input'
import { refusePhotos as refuse } from '#services/commandes/photo_upload'
import { PHOTO_MESSAGES } from '#validators/commande_fichiers'
import { ENVOI_MAX_BYTES, ENVOI_MESSAGES, PHOTOS_PAR_ENVOI } from '#shared/realisations'

/** The file fields: `fichiers` (several, the pages) or `fichier` (one, the issue-12 form). */
const FIELDS = ['fichiers', 'fichier'] as const

class TooManyFiles extends Error {}

/**
 * Reads the multipart body under the request caps (a French field error beyond them) and
 * returns its photos and the name of the field they came in. A body that is not multipart
 * carries no photo: the same « choisissez une photo » error.
 */
export async function receivePhotos(ctx: HttpContext): Promise<{
  field: string
  files: MultipartFile[]
}> {
  const { request } = ctx
  const multipart = request.is(['multipart/form-data']) ? request.multipart : null
  if (!multipart) refuse('fichiers', [PHOTO_MESSAGES.missing])
  await mkdir(uploadTmpDir(), { recursive: true })
  let count = 0
  let tooMany = false
  for (const name of FIELDS) {
    multipart.onFile(name, { deferValidations: true }, async (part, report) => {
      count += 1
      if (count > PHOTOS_PAR_ENVOI) {
        tooMany = true
        part.resume()
        multipart.abort(new TooManyFiles())
        return {}
      }
      const tmpPath = join(uploadTmpDir(), randomUUID())
      part.pause()
      part.on('data', report)
      try {
        await pipeline(part, createWriteStream(tmpPath))
      } catch (error) {
        await unlink(tmpPath).catch(() => {})
        throw error
      }
      return { tmpPath }
    })
  }
  try {
    // The caps of the files plus room for the small fields (étape, légende…)
    await multipart.process({ limit: ENVOI_MAX_BYTES + 64 * 1024 })
  } catch (error) {
    if (tooMany || error instanceof TooManyFiles) refuse('fichiers', [ENVOI_MESSAGES.tooMany])
    if ((error as { code?: string }).code === 'E_REQUEST_ENTITY_TOO_LARGE') {
      refuse('fichiers', [ENVOI_MESSAGES.tooHeavy])
    }
    throw error
  }
  // What the clean-input middleware does for the other routes (it ran before this body was read)
  if (needsCleaning(request.body())) request.updateBody(cleanInput(request.body()))
  const many = request.files('fichiers')
  const one = request.file('fichier')
  if (many.length) return { field: 'fichiers', files: many }
  if (one) return { field: 'fichier', files: [one] }
  refuse('fichiers', [PHOTO_MESSAGES.missing])
}
