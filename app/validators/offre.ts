/*
 * An offre as the editor posts it (JSON): header fields and its lines (app/validators/lignes.ts,
 * the devis editor's rules). The société and the contact are checked against the user's rights
 * by the service (a foreign id is a field error, never saved).
 */
import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { DateTime } from 'luxon'
import { each, frenchMessages } from '#validators/french'
import { LIGNE_MESSAGES, lignesSchema, pctField } from '#validators/lignes'
import { OFFRE_LIMITS } from '#shared/offres'

/** yyyy-mm-dd that is a real calendar date. */
const isoDate = vine.createRule((value: unknown, _o: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  const date = DateTime.fromISO(value)
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !date.isValid || date.year < 2000 || date.year > 2100) {
    field.report('Veuillez saisir une date valide.', 'date', field)
  }
})

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)
const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()

const header = {
  contact_id: id(),
  date_offre: vine.string().trim().use(isoDate()),
  valable_jusqu_au: vine.string().trim().use(isoDate()),
  objet: vine.string().trim().minLength(1).maxLength(OFFRE_LIMITS.objet),
  adresse_chantier: optionalText(OFFRE_LIMITS.adresse_chantier),
  remise_globale_pct: pctField().optional(),
  intro: optionalText(OFFRE_LIMITS.texte),
  conditions: optionalText(OFFRE_LIMITS.texte),
  lignes: lignesSchema(),
}

export const createOffreValidator = vine.create({
  societe_id: id().nullable().optional(),
  ...header,
})

export const updateOffreValidator = vine.create({
  lock_version: vine.number().withoutDecimals().min(0).max(2_147_483_647),
  ...header,
})

/** The lock_version the user saw, for the statut changes (envoyer, transmettre): required. */
export const offreActionValidator = vine.create({
  lock_version: vine.number().withoutDecimals().min(0).max(2_147_483_647),
})

const MESSAGES = {
  ...LIGNE_MESSAGES,
  ...each('societe_id', 'Choisissez la société qui émet l’offre.'),
  ...each('contact_id', 'Choisissez le contact à qui s’adresse l’offre.'),
  ...each('lock_version', 'Version du document inconnue : rechargez la page.'),
  'date_offre.required': 'Saisissez la date de l’offre.',
  'valable_jusqu_au.required': 'Saisissez la date de validité.',
  'objet.required': 'Saisissez l’objet de l’offre.',
  'objet.minLength': 'Saisissez l’objet de l’offre.',
  'lignes.required': 'Les lignes du document sont invalides.',
}

createOffreValidator.messagesProvider = frenchMessages(MESSAGES)
updateOffreValidator.messagesProvider = frenchMessages(MESSAGES)
offreActionValidator.messagesProvider = frenchMessages(MESSAGES)

export type CreateOffreInput = Awaited<ReturnType<typeof createOffreValidator.validate>>
export type UpdateOffreInput = Awaited<ReturnType<typeof updateOffreValidator.validate>>
export type OffreHeaderInput = Omit<CreateOffreInput, 'societe_id'>
