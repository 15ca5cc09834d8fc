/*
 * Issue 12 §1: the commande's timeline actions, each with the version the user saw (decision
 * 80): a step's edit and manual statut, the withdrawal, a cancellation, the solde's override.
 */
import vine from '@vinejs/vine'
import { each, frenchMessages } from '#validators/french'
import { STATUTS_MANUELS } from '#shared/commande_timeline'

const version = () => vine.number().withoutDecimals().positive().max(2_147_483_647)
const isoDate = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/)

const versionMessages = (what: string) =>
  Object.fromEntries(
    ['required', 'number', 'withoutDecimals', 'positive', 'max'].map((rule) => [
      `lock_version.${rule}`,
      `Version ${what} inconnue : rechargez la page.`,
    ])
  )

export const etapeEditValidator = vine.create({
  lock_version: version(),
  responsable_id: vine
    .number()
    .withoutDecimals()
    .positive()
    .max(2_147_483_647)
    .nullable()
    .optional(),
  prevue_debut: isoDate().nullable().optional(),
  prevue_fin: isoDate().nullable().optional(),
  notes: vine.string().trim().maxLength(5000).nullable().optional(),
})
etapeEditValidator.messagesProvider = frenchMessages({
  ...versionMessages('de l’étape'),
  ...each('responsable_id', 'Responsable inconnu.'),
  'prevue_debut.regex': 'Date de début invalide (jj/mm/aaaa).',
  'prevue_fin.regex': 'Date de fin invalide (jj/mm/aaaa).',
  'notes.maxLength': 'Les notes ne dépassent pas 5 000 caractères.',
})

export const etapeStatutValidator = vine.create({
  lock_version: version(),
  statut: vine.enum(STATUTS_MANUELS),
  motif: vine.string().trim().maxLength(500).nullable().optional(),
})
etapeStatutValidator.messagesProvider = frenchMessages({
  ...versionMessages('de l’étape'),
  'statut.required': 'Choisissez le nouveau statut.',
  'statut.enum': 'Ce statut ne se choisit pas à la main.',
  'motif.maxLength': 'Le motif ne dépasse pas 500 caractères.',
})

export const retractationValidator = vine.create({
  lock_version: version(),
  recue_le: isoDate(),
})
retractationValidator.messagesProvider = frenchMessages({
  ...versionMessages('de la commande'),
  'recue_le.required': 'Indiquez la date de réception du formulaire de rétractation.',
  'recue_le.regex': 'Date de réception invalide.',
})

export const annulationValidator = vine.create({
  lock_version: version(),
  motif: vine.string().trim().minLength(1).maxLength(500),
})
annulationValidator.messagesProvider = frenchMessages({
  ...versionMessages('de la commande'),
  'motif.required': 'Indiquez le motif de l’annulation.',
  'motif.minLength': 'Indiquez le motif de l’annulation.',
  'motif.maxLength': 'Le motif ne dépasse pas 500 caractères.',
})

/** « Facture de solde » with the bdc's version, and an admin's motif to pass the réception. */
export const soldeValidator = vine.create({
  lock_version: version(),
  motif_forcage: vine.string().trim().maxLength(500).nullable().optional(),
})
soldeValidator.messagesProvider = frenchMessages({
  ...versionMessages('du bon de commande'),
  'motif_forcage.maxLength': 'Le motif ne dépasse pas 500 caractères.',
})
