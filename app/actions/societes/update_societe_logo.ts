import type { Actor } from '#services/actor'
import type { MultipartFile } from '@adonisjs/core/bodyparser'
import type Societe from '#models/societe'
import { audit } from '#services/audit'
import { fieldError } from '#services/field_error'
import { deleteLogo, LOGO_CONTENT_MISMATCH, storeLogo } from '#services/logo_storage'

/** Stores a checked logo under a new random name, then forgets the previous file. */
export async function replaceLogo(actor: Actor, societe: Societe, file: MultipartFile) {
  const stored = await storeLogo(file)
  if (!stored) fieldError('logo', LOGO_CONTENT_MISMATCH, 'magicBytes')
  const previous = societe.logoPath
  societe.logoPath = stored
  await societe.save()
  await audit(actor, {
    action: 'societe.logo_updated',
    subjectType: 'societe',
    subjectId: societe.id,
    before: { logo: previous },
    after: { logo: stored, size: file.size },
  })
  await deleteLogo(previous)
}

export async function removeLogo(actor: Actor, societe: Societe) {
  const previous = societe.logoPath
  if (!previous) return
  societe.logoPath = null
  await societe.save()
  await audit(actor, {
    action: 'societe.logo_deleted',
    subjectType: 'societe',
    subjectId: societe.id,
    before: { logo: previous },
  })
  await deleteLogo(previous)
}
