/*
 * Issue 13 §4: the planning map's writes — a day reordered, coordinates placed by a click — and
 * the road distance asked of OSRM. French messages; what only the service can check (the day
 * changed meanwhile, a team mate busy) comes back as its 409/422 with the reason.
 */
import vine from '@vinejs/vine'
import { frenchMessages } from '#validators/french'
import { PLANNING_TYPES } from '#shared/planning'

const id = () => vine.number().withoutDecimals().positive().max(2_147_483_647)

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
  'type.*': 'Planning inconnu.',
  'personne.*': 'Choisissez une personne.',
  'date.*': 'Indiquez la journée (aaaa-mm-jj).',
  'ordre.array.minLength': 'La journée n’a aucune visite à réordonner.',
  'ordre.array.maxLength': `Au plus ${JOURNEE_MAX_VISITES} visites par journée.`,
  'ordre.*': 'Ordre des visites invalide.',
  'ordre.*.*': 'Visite inconnue.',
  'lock_versions.*': 'Versions des visites manquantes : rechargez la carte.',
  'lock_versions.*.*': 'Versions des visites manquantes : rechargez la carte.',
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
  'cle.*': 'Élément de la carte inconnu.',
  'latitude.*': 'Latitude invalide (entre -90 et 90).',
  'longitude.*': 'Longitude invalide (entre -180 et 180).',
})

export const geocoderValidator = vine.create({ cle: cle() })
geocoderValidator.messagesProvider = frenchMessages({ 'cle.*': 'Élément de la carte inconnu.' })

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
  'points.*': `Indiquez de 2 à ${JOURNEE_MAX_VISITES + 1} points.`,
  'points.*.*': 'Point invalide.',
  'points.*.lat': 'Latitude invalide (entre -90 et 90).',
  'points.*.lng': 'Longitude invalide (entre -180 et 180).',
})
