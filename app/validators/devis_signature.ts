/*
 * The customer's online answer to a devis (issue 14 §1): accept (name, « lu et approuvé », drawn
 * signature, consent, options ticked) or refuse (a reason). French messages next to the fields;
 * the drawing's content is checked after the validator (app/services/bdc/signature_storage.ts).
 */
import vine from '@vinejs/vine'
import { each, frenchMessages } from '#validators/french'
import {
  SIGNATURE_EN_LIGNE_LIMITS as L,
  SIGNATURE_EN_LIGNE_MESSAGES as M,
} from '#shared/signature_en_ligne'
import { MAX_LIGNES } from '#shared/devis'
import { SIGNATURE_MESSAGES } from '#services/bdc/signature_storage'

const LOCK = each('lock_version', M.modifie)

export const accepterDevisValidator = vine.create({
  signataire: vine.string().trim().minLength(2).maxLength(L.signataire),
  mention: vine.string().trim().maxLength(L.mention),
  signature: vine.string().maxLength(800_000),
  consentement: vine.accepted(),
  retenues: vine
    .array(vine.number().withoutDecimals().min(0).max(MAX_LIGNES))
    .maxLength(MAX_LIGNES)
    .optional(),
  lock_version: vine.number().withoutDecimals().positive(),
})

accepterDevisValidator.messagesProvider = frenchMessages({
  ...each('signataire', M.signataire),
  ...each('mention', M.mention),
  'signature.required': M.signature,
  'signature.string': M.signature,
  'signature.maxLength': SIGNATURE_MESSAGES.drawnTooBig,
  'consentement.required': M.consentement,
  'consentement.accepted': M.consentement,
  ...each('retenues', M.options),
  ...each('retenues.*', M.options),
  ...LOCK,
})

export const refuserDevisValidator = vine.create({
  motif: vine.string().trim().minLength(2).maxLength(L.motif),
  lock_version: vine.number().withoutDecimals().positive(),
})

refuserDevisValidator.messagesProvider = frenchMessages({
  ...each('motif', M.motif),
  'motif.maxLength': `La raison compte au plus ${L.motif} caractères.`,
  ...LOCK,
})
