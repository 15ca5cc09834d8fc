/*
 * A contact of a pro société. `societe_id` is checked against the sociétés the user may use by
 * the action (app/actions/contacts/save_contact.ts): a foreign id is a field error, never saved.
 */
import vine from '@vinejs/vine'
import { CONTACT_LIMITS, FIELD_MESSAGES, PHONE_PATTERN } from '#shared/societes'
import { frenchMessages } from '#validators/french'
import { lockVersionField } from '#validators/lock_version'

const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()

export const contactValidator = vine.create({
  lock_version: lockVersionField(),
  societe_id: vine.number().withoutDecimals().positive().max(2_147_483_647),
  nom: vine.string().trim().minLength(1).maxLength(CONTACT_LIMITS.nom),
  prenom: optionalText(CONTACT_LIMITS.prenom),
  email: vine.string().trim().email().maxLength(CONTACT_LIMITS.email).nullable().optional(),
  telephone: vine
    .string()
    .trim()
    .maxLength(CONTACT_LIMITS.telephone)
    .regex(PHONE_PATTERN)
    .nullable()
    .optional(),
  adresse: optionalText(CONTACT_LIMITS.adresse),
  code_postal: vine
    .string()
    .trim()
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/)
    .nullable()
    .optional(),
  localite: optionalText(CONTACT_LIMITS.localite),
  notes: optionalText(CONTACT_LIMITS.notes),
})

contactValidator.messagesProvider = frenchMessages({
  'societe_id.required': 'Choisissez la société du contact.',
  'societe_id.number': 'Choisissez la société du contact.',
  'societe_id.withoutDecimals': 'Choisissez la société du contact.',
  'societe_id.positive': 'Choisissez la société du contact.',
  'societe_id.max': 'Choisissez la société du contact.',
  'nom.required': 'Le nom du contact est requis.',
  'telephone.regex': FIELD_MESSAGES.telephone,
  'code_postal.regex': 'Code postal invalide.',
})

export type ContactInput = Awaited<ReturnType<typeof contactValidator.validate>>
