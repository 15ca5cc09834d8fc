/*
 * The PV de réception and its reserves (issue 12 §5): French messages next to the fields. The
 * drawn signature's content (PNG, not blank) is checked after the validator by
 * app/services/bdc/signature_storage.ts, like the bdc's.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { RECEPTION_LIMITS as L, RECEPTION_MESSAGES as M } from '#shared/receptions'
import { SIGNATURE_MESSAGES } from '#services/bdc/signature_storage'

export const signerReceptionValidator = vine.create({
  signataire: vine.string().trim().minLength(2).maxLength(L.signataire),
  lieu: vine.string().trim().maxLength(L.lieu).optional(),
  observations: vine.string().trim().maxLength(L.observations).optional(),
  reception: vine.enum(['sans_reserve', 'avec_reserves'] as const),
  reserves: vine
    .array(vine.string().trim().minLength(1).maxLength(L.reserve))
    .maxLength(L.reserves)
    .optional(),
  consentement: vine.accepted(),
  // The canvas's PNG data URL; length capped before decoding
  signature: vine.string().maxLength(800_000).optional(),
})

signerReceptionValidator.messagesProvider = frenchMessages(
  {
    'signataire.required': M.signataireMissing,
    'signataire.minLength': 'Indiquez le nom complet de la personne qui signe.',
    'signataire.maxLength': `Le nom du signataire compte au plus ${L.signataire} caractères.`,
    'lieu.maxLength': `Le lieu compte au plus ${L.lieu} caractères.`,
    'observations.maxLength': `Les observations comptent au plus ${L.observations} caractères.`,
    'reception.required': 'Choisissez une réception sans réserve ou avec réserves.',
    'reception.enum': 'Choisissez une réception sans réserve ou avec réserves.',
    'reserves.array': 'La liste des réserves est illisible : rechargez la page.',
    'reserves.maxLength': `Au plus ${L.reserves} réserves par procès-verbal.`,
    'reserves.*.required': M.reserveEmpty,
    'reserves.*.string': M.reserveEmpty,
    'reserves.*.minLength': M.reserveEmpty,
    'reserves.*.maxLength': `Une réserve compte au plus ${L.reserve} caractères.`,
    'consentement.accepted': M.consentementMissing,
    'consentement.required': M.consentementMissing,
    'signature.maxLength': SIGNATURE_MESSAGES.drawnTooBig,
  },
  { signataire: 'signataire' }
)

export const leverReserveValidator = vine.create({
  commentaire: vine.string().trim().maxLength(L.commentaire).optional(),
})

leverReserveValidator.messagesProvider = frenchMessages({
  'commentaire.maxLength': `Le commentaire compte au plus ${L.commentaire} caractères.`,
})

export const reservePhotoValidator = vine.create({
  fichier_id: vine.number().withoutDecimals().positive().max(999_999_999_999_999),
})

reservePhotoValidator.messagesProvider = frenchMessages({
  'fichier_id.required': 'Choisissez la photo de la réserve.',
  'fichier_id.number': 'Choisissez la photo de la réserve.',
  'fichier_id.withoutDecimals': 'Choisissez la photo de la réserve.',
  'fichier_id.positive': 'Choisissez la photo de la réserve.',
  'fichier_id.max': 'Choisissez la photo de la réserve.',
})
