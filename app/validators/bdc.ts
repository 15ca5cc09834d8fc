/*
 * Signing and cancelling a bon de commande, asking for a payment: French messages next to the
 * fields. The signature's content (PNG decoded, scan bytes) is checked after the validator in
 * app/services/bdc/signature_storage.ts.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { LIEUX_SIGNATURE_BUREAU } from '#shared/devis'
import { SIGNATURE_LIMITS } from '#shared/bdc'
import { SIGNATURE_MESSAGES } from '#services/bdc/signature_storage'

const LOCK_VERSION_MESSAGES = Object.fromEntries(
  ['required', 'number', 'withoutDecimals', 'positive'].map((rule) => [
    `lock_version.${rule}`,
    'Version du bon de commande inconnue : rechargez la page.',
  ])
)

export const signatureValidator = vine.create({
  mode: vine.enum(['dessin', 'scan'] as const),
  signataire: vine.string().trim().minLength(2).maxLength(SIGNATURE_LIMITS.signataire),
  lieu: vine.enum(LIEUX_SIGNATURE_BUREAU),
  renonciation: vine.boolean().optional(),
  // The version the user saw: required, so no caller skips the optimistic check
  lock_version: vine.number().withoutDecimals().positive(),
  // The canvas's PNG data URL (mode dessin); length capped before decoding
  signature: vine.string().maxLength(800_000).optional(),
  // The signed scan (mode scan): the extension here, the content in signature_storage.ts
  fichier: vine.file({ size: '5mb', extnames: ['pdf', 'png', 'jpg', 'jpeg'] }).optional(),
})

signatureValidator.messagesProvider = frenchMessages(
  {
    'mode.enum': 'Choisissez une signature dessinée ou un bon signé importé.',
    'signataire.required': 'Indiquez le nom de la personne qui signe.',
    'signataire.minLength': 'Indiquez le nom complet de la personne qui signe.',
    'signataire.maxLength': `Le nom du signataire compte au plus ${SIGNATURE_LIMITS.signataire} caractères.`,
    'lieu.required': 'Indiquez où le bon de commande est signé.',
    'lieu.enum': 'Indiquez où le bon de commande est signé.',
    'signature.maxLength': SIGNATURE_MESSAGES.drawnTooBig,
    'fichier.file.size': SIGNATURE_MESSAGES.scanSize,
    'fichier.file.extname': SIGNATURE_MESSAGES.scanExtension,
    'fichier.file': SIGNATURE_MESSAGES.scanMissing,
    ...LOCK_VERSION_MESSAGES,
  },
  { signataire: 'signataire', lieu: 'lieu de signature' }
)

export const annulerBdcValidator = vine.create({
  motif: vine.string().trim().minLength(1).maxLength(500),
  // The version the user saw: required, so no caller skips the optimistic check
  lock_version: vine.number().withoutDecimals().positive(),
})

annulerBdcValidator.messagesProvider = frenchMessages({
  'motif.required': 'Indiquez le motif d’annulation.',
  'motif.minLength': 'Indiquez le motif d’annulation.',
  'motif.maxLength': 'Le motif compte au plus 500 caractères.',
  ...LOCK_VERSION_MESSAGES,
})

export const demandePaiementValidator = vine.create({
  // Typed text ("1 234,56"), parsed by shared/money.ts in the controller; empty = the acompte
  montant: vine.string().trim().maxLength(30).optional(),
  // The bdc version shown: the same form sent twice makes one request (docs/DECISIONS.md)
  lock_version: vine.number().withoutDecimals().positive(),
  email: vine.string().trim().toLowerCase().email().maxLength(254).optional(),
})

demandePaiementValidator.messagesProvider = frenchMessages({
  'email.email': 'Veuillez saisir une adresse e-mail valide.',
  'email.maxLength': 'L’adresse e-mail est trop longue.',
})
