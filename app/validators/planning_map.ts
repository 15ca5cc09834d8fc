/*
 * Issue 13 §4: the planning map's writes — a day reordered, coordinates placed by a click — and
 * the road distance asked of OSRM. French messages; what only the service can check (the day
 * changed meanwhile, a team mate busy) comes back as its 409/422 with the reason.
 */
import vine from '@vinejs/vine'
import { each, frenchMessages } from '#validators/french'
import { PLANNING_TYPES } from '#shared/planning'

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)

/** Vine looks messages up by field and rule: one message for every rule a field may fail. */

/** At most this many visits in one person's day (and points in a road distance request). */
export const JOURNEE_MAX_VISITES = 50

export const reorderValidator = vine.create({
  type: vine.enum(PLANNING_TYPES),
  personne: id(),
  date: vine
    .string()
    .trim()
    .regex(/^\d{4}-\d{2}-\d{2}$/),
  ordre: vine.array(id()).minLength(1).maxLength(JOURNEE_MAX_VISITES),
  lock_versions: vine.array(id()).minLength(1).maxLength(JOURNEE_MAX_VISITES),
})
reorderValidator.messagesProvider = frenchMessages({
  ...each('type', 'Planning inconnu.'),
  ...each('personne', 'Choisissez une personne.'),
  ...each('date', 'Indiquez la journée (aaaa-mm-jj).'),
  ...each('ordre', 'Ordre des visites invalide.'),
  'ordre.array.minLength': 'La journée n’a aucune visite à réordonner.',
  'ordre.array.maxLength': `Au plus ${JOURNEE_MAX_VISITES} visites par journée.`,
  ...each('ordre.*', 'Visite inconnue.'),
  ...each('lock_versions', 'Versions des visites manquantes : rechargez la carte.'),
  ...each('lock_versions.*', 'Versions des visites manquantes : rechargez la carte.'),
})

/** « etape:12:pose », « demande:7 » or « societe » (the company's own address). */
const cle = () =>
  vine
    .string()
    .trim()
    .maxLength(60)
    .regex(/^(etape:\d+:[a-z_]+|demande:\d+|societe)$/)

export const coordonneesValidator = vine.create({
  cle: cle(),
  latitude: vine.number().min(-90).max(90),
  longitude: vine.number().min(-180).max(180),
})
coordonneesValidator.messagesProvider = frenchMessages({
  ...each('cle', 'Élément de la carte inconnu.'),
  ...each('latitude', 'Latitude invalide (entre -90 et 90).'),
  ...each('longitude', 'Longitude invalide (entre -180 et 180).'),
})

export const geocoderValidator = vine.create({ cle: cle() })
geocoderValidator.messagesProvider = frenchMessages(each('cle', 'Élément de la carte inconnu.'))

const point = vine.object({
  lat: vine.number().min(-90).max(90),
  lng: vine.number().min(-180).max(180),
})

export const trajetValidator = vine.create({
  points: vine
    .array(point)
    .minLength(2)
    .maxLength(JOURNEE_MAX_VISITES + 1),
})
trajetValidator.messagesProvider = frenchMessages({
  ...each('points', `Indiquez de 2 à ${JOURNEE_MAX_VISITES + 1} points.`),
  'points.array.minLength': `Indiquez de 2 à ${JOURNEE_MAX_VISITES + 1} points.`,
  'points.array.maxLength': `Indiquez de 2 à ${JOURNEE_MAX_VISITES + 1} points.`,
  ...each('points.*', 'Point invalide.'),
  ...each('points.*.lat', 'Latitude invalide (entre -90 et 90).'),
  ...each('points.*.lng', 'Longitude invalide (entre -180 et 180).'),
})
