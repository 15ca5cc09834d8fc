/*
 * Issue 13 — the planning's settings (who is in each planning, the travel time) and the requests
 * waiting to be planned (SAV, commercial visit). French messages by field.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { PLANNING_TYPES, TRAJET_MAX_MINUTES } from '#shared/planning'
import { DEMANDE_DUREE } from '#services/planning/demandes'

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)
const couleur = () =>
  vine
    .string()
    .trim()
    .regex(/^#[0-9a-fA-F]{6}$/)
const equipe = () => vine.string().trim().maxLength(80).nullable().optional()

const messages = {
  'type.*': 'Planning inconnu.',
  'user_id.*': 'Choisissez un membre de l’équipe.',
  'couleur.*': 'Couleur invalide (#rrggbb).',
  'position.*': 'L’ordre est un nombre de 0 à 999.',
  'equipe.maxLength': 'Le nom de l’équipe ne dépasse pas 80 caractères.',
  'actif.*': 'Valeur invalide.',
  'minutes.*': `Le temps de trajet va de 0 à ${TRAJET_MAX_MINUTES} minutes.`,
  'client_id.*': 'Choisissez le client.',
  'titre.required': 'Indiquez l’objet de la demande.',
  'titre.*': 'L’objet ne dépasse pas 200 caractères.',
  'notes.maxLength': 'Les notes ne dépassent pas 5 000 caractères.',
  'duree_minutes.*': `La durée va de ${DEMANDE_DUREE.min} minutes à 24 heures.`,
}

export const ressourceStoreValidator = vine.create({
  type: vine.enum(PLANNING_TYPES),
  user_id: id(),
  couleur: couleur().nullable().optional(),
  equipe: equipe(),
})
ressourceStoreValidator.messagesProvider = frenchMessages(messages)

export const ressourceUpdateValidator = vine.create({
  couleur: couleur().optional(),
  position: vine.number().withoutDecimals().min(0).max(999).optional(),
  equipe: equipe(),
  actif: vine.boolean().optional(),
})
ressourceUpdateValidator.messagesProvider = frenchMessages(messages)

export const trajetValidator = vine.create({
  minutes: vine.number().withoutDecimals().min(0).max(TRAJET_MAX_MINUTES),
})
trajetValidator.messagesProvider = frenchMessages(messages)

export const demandeStoreValidator = vine.create({
  type: vine.enum(PLANNING_TYPES),
  client_id: vine
    .number()
    .withoutDecimals()
    .positive()
    .max(Number.MAX_SAFE_INTEGER)
    .nullable()
    .optional(),
  titre: vine.string().trim().minLength(1).maxLength(200),
  notes: vine.string().trim().maxLength(5000).nullable().optional(),
  duree_minutes: vine
    .number()
    .withoutDecimals()
    .min(DEMANDE_DUREE.min)
    .max(DEMANDE_DUREE.max)
    .optional(),
})
demandeStoreValidator.messagesProvider = frenchMessages(messages)
