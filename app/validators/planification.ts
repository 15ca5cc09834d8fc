/*
 * Issue 13: a visit created or changed from the calendar, the modal, a drop from the list or the
 * map. Dates are ISO date-times (with their offset, or Brussels local time); what the service
 * checks beyond the shape (range, persons, the commande step) comes back as a 422 with its reason.
 */
import vine from '@vinejs/vine'
import { each, frenchMessages } from '#validators/french'
import { NATURES, PERSONNES_MAX, PLANIF_STATUTS, PLANNING_TYPES } from '#shared/planning'

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)
const bigId = () => vine.number().withoutDecimals().positive().max(Number.MAX_SAFE_INTEGER)
const instant = () =>
  vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})?$/)

const fields = {
  nature: vine.enum(NATURES),
  debut: instant(),
  fin: instant(),
  personnes: vine.array(id()).minLength(1).maxLength(PERSONNES_MAX),
  titre: vine.string().trim().maxLength(200).nullable().optional(),
  client_id: bigId().nullable().optional(),
  devis_id: id().nullable().optional(),
  commande_id: id().nullable().optional(),
  demande_id: id().nullable().optional(),
  adresse: vine.string().trim().maxLength(300).nullable().optional(),
  latitude: vine.number().min(-90).max(90).nullable().optional(),
  longitude: vine.number().min(-180).max(180).nullable().optional(),
  notes: vine.string().trim().maxLength(5000).nullable().optional(),
}

const messages = {
  ...each('nature', 'Choisissez la nature de la visite.'),
  ...each('debut', 'Indiquez le début (date et heure).'),
  ...each('fin', 'Indiquez la fin (date et heure).'),
  ...each('personnes', 'Choisissez au moins une personne.'),
  'personnes.array.maxLength': `Au plus ${PERSONNES_MAX} personnes par visite.`,
  ...each('personnes.*', 'Personne inconnue.'),
  'titre.maxLength': 'Le titre ne dépasse pas 200 caractères.',
  ...each('client_id', 'Client inconnu.'),
  ...each('devis_id', 'Devis inconnu.'),
  ...each('commande_id', 'Commande inconnue.'),
  ...each('demande_id', 'Demande inconnue.'),
  'adresse.maxLength': 'L’adresse ne dépasse pas 300 caractères.',
  ...each('latitude', 'Latitude invalide (entre -90 et 90).'),
  ...each('longitude', 'Longitude invalide (entre -180 et 180).'),
  'notes.maxLength': 'Les notes ne dépassent pas 5 000 caractères.',
  ...each('lock_version', 'Version de la visite inconnue : rechargez le planning.'),
}

export const planificationCreateValidator = vine.create({
  type: vine.enum(PLANNING_TYPES),
  ...fields,
})
planificationCreateValidator.messagesProvider = frenchMessages({
  ...messages,
  ...each('type', 'Planning inconnu.'),
})

/** A drag, a resize or the modal: every field optional but the version. */
export const planificationUpdateValidator = vine.create({
  lock_version: id(),
  nature: fields.nature.optional(),
  debut: instant().optional(),
  fin: instant().optional(),
  personnes: vine.array(id()).minLength(1).maxLength(PERSONNES_MAX).optional(),
  titre: fields.titre,
  client_id: fields.client_id,
  devis_id: fields.devis_id,
  adresse: fields.adresse,
  latitude: fields.latitude,
  longitude: fields.longitude,
  notes: fields.notes,
})
planificationUpdateValidator.messagesProvider = frenchMessages(messages)

export const planificationStatutValidator = vine.create({
  lock_version: id(),
  statut: vine.enum(PLANIF_STATUTS),
  motif: vine.string().trim().maxLength(500).nullable().optional(),
})
planificationStatutValidator.messagesProvider = frenchMessages({
  ...messages,
  ...each('statut', 'Statut inconnu.'),
  'motif.maxLength': 'Le motif ne dépasse pas 500 caractères.',
})
