/*
 * The `directory` Peppol adapter: the UBL written into a folder an access point picks up. Written
 * under a hidden temporary name then renamed, so a poller never reads half a file; an existing
 * file of the same name is never overwritten.
 */
import { randomUUID } from 'node:crypto'
import { access, mkdir, rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import logger from '@adonisjs/core/services/logger'
import type { PeppolAdapter } from '#services/compta/peppol/adapter'
import { AppException } from '#exceptions/http_exceptions'

function fail(message: string): never {
  throw new AppException(message, { status: 422 })
}

export function directoryAdapter(directory: string): PeppolAdapter {
  return {
    name: 'directory',
    async send(file) {
      const target = path.join(directory, path.basename(file.filename))
      const temp = path.join(directory, `.${path.basename(file.filename)}.${randomUUID()}.tmp`)
      const exists = await access(target).then(
        () => true,
        () => false
      )
      if (exists) {
        fail(
          `Le fichier ${path.basename(target)} attend déjà dans le dossier du point d’accès Peppol : rien n’est envoyé.`
        )
      }
      try {
        await mkdir(directory, { recursive: true })
        await writeFile(temp, file.content, { encoding: 'utf8', flag: 'wx' })
        await rename(temp, target)
      } catch (error) {
        await rm(temp, { force: true })
        logger.warn({ err: error }, 'peppol directory adapter failed')
        fail('Le fichier Peppol n’a pas pu être déposé dans le dossier du point d’accès.')
      }
      return { messageId: path.basename(target) }
    },
  }
}
