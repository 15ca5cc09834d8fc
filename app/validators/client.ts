/*
 * Creating and editing a client (esi/customer): French messages next to each field.
 */
import vine, { SimpleMessagesProvider } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import { messages, fields } from '#start/validator'
import { lockVersionField } from '#validators/lock_version'
import { CIVILITES, CLIENT_TYPES } from '#shared/clients'
import { DELAI_PAIEMENT_MAX, ECHEANCE_JOURS_DEFAUT } from '#shared/factures'
import { isValidBeVat, normalizeBeVat } from '#shared/validation/belgium'
import { normalizePhone, PHONE_MESSAGE } from '#shared/validation/phone'

const DELAI_MESSAGE = `Délai de paiement : un nombre entier de jours de 0 à ${DELAI_PAIEMENT_MAX} (vide : ${ECHEANCE_JOURS_DEFAUT} jours).`

export const CLIENT_MESSAGES = {
  ...messages,
  'societe.required': 'Le nom de la société est requis pour un client professionnel.',
  'numero_tva.required': 'Le numéro de TVA est requis pour un client professionnel.',
  vat: 'Numéro de TVA invalide : BE suivi de 10 chiffres (ex. BE0456789012), clé de contrôle comprise.',
  phone: PHONE_MESSAGE,
  postalCode: 'Code postal belge : 4 chiffres (ex. 5000).',
  latitude: 'Latitude invalide : un nombre entre -90 et 90 (ex. 50,4669).',
  longitude: 'Longitude invalide : un nombre entre -180 et 180 (ex. 4,8675).',
  coordinates: 'Indiquez la latitude et la longitude, ou aucune des deux.',
  'apporteur_id.database.exists': 'Choisissez une société partenaire (pro) existante.',
  'email.email': 'Veuillez saisir une adresse e-mail valide.',
  'facturation_pays.regex': 'Code pays de deux lettres (ex. BE, FR, NL, LU).',
  'delai_paiement_jours.number': DELAI_MESSAGE,
  'delai_paiement_jours.withoutDecimals': DELAI_MESSAGE,
  'delai_paiement_jours.min': DELAI_MESSAGE,
  'delai_paiement_jours.max': DELAI_MESSAGE,
}

export const clientMessagesProvider = () => new SimpleMessagesProvider(CLIENT_MESSAGES, fields)

/** Belgian numbers get the mod-97 check; other EU numbers only their general shape. */
const vatRule = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '')
  if (/^(BE)?[01]?\d{9}$/.test(compact)) {
    if (!isValidBeVat(compact)) return field.report(CLIENT_MESSAGES.vat, 'vat', field)
    return field.mutate(normalizeBeVat(compact), field)
  }
  if (/^(FR|NL|LU|DE)[0-9A-Z]{8,12}$/.test(compact)) return field.mutate(compact, field)
  field.report(CLIENT_MESSAGES.vat, 'vat', field)
})

const phoneRule = vine.createRule((value: unknown, _options: undefined, field: FieldContext) => {
  if (typeof value !== 'string') return
  const phone = normalizePhone(value)
  if (!phone) return field.report(PHONE_MESSAGE, 'phone', field)
  field.mutate(phone, field)
})

/** Belgian postal codes have 4 digits; another country's code is only length-checked. */
const postalCodeRule = vine.createRule(
  (value: unknown, options: { countryField?: string }, field: FieldContext) => {
    if (typeof value !== 'string') return
    const country = options.countryField
      ? String(field.parent?.[options.countryField] ?? 'BE').toUpperCase()
      : 'BE'
    if (country === 'BE' && !/^\d{4}$/.test(value))
      field.report(CLIENT_MESSAGES.postalCode, 'postalCode', field)
  }
)

/** "50,4669" or "50.4669" → 50.4669, within ±limit. */
const coordinateRule = vine.createRule(
  (
    value: unknown,
    options: { limit: number; rule: 'latitude' | 'longitude' },
    field: FieldContext
  ) => {
    if (typeof value !== 'string' && typeof value !== 'number') return
    const n = Number(String(value).trim().replace(',', '.'))
    if (!/^-?\d{1,3}([.,]\d{1,8})?$/.test(String(value).trim()) || Math.abs(n) > options.limit) {
      return field.report(CLIENT_MESSAGES[options.rule], options.rule, field)
    }
    const other = options.rule === 'latitude' ? 'chantier_lng' : 'chantier_lat'
    if (field.parent?.[other] === null || field.parent?.[other] === undefined) {
      return field.report(CLIENT_MESSAGES.coordinates, 'coordinates', field)
    }
    field.mutate(Math.round(n * 1e6) / 1e6, field)
  }
)

const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()

export const clientValidator = vine.create({
  lock_version: lockVersionField(),
  type: vine.enum(CLIENT_TYPES),
  civilite: vine.enum(CIVILITES).nullable().optional(),
  nom: vine.string().trim().minLength(1).maxLength(120),
  prenom: optionalText(120),
  societe: vine
    .string()
    .trim()
    .maxLength(160)
    .nullable()
    .optional()
    .requiredWhen('type', '=', 'professionnel'),
  numero_tva: vine
    .string()
    .trim()
    .maxLength(20)
    .use(vatRule())
    .nullable()
    .optional()
    .requiredWhen('type', '=', 'professionnel'),
  email: vine.string().trim().email().maxLength(254).toLowerCase().nullable().optional(),
  telephone: vine.string().trim().maxLength(40).use(phoneRule()).nullable().optional(),
  gsm: vine.string().trim().maxLength(40).use(phoneRule()).nullable().optional(),
  facturation_rue: optionalText(200),
  facturation_code_postal: vine
    .string()
    .trim()
    .maxLength(10)
    .use(postalCodeRule({ countryField: 'facturation_pays' }))
    .nullable()
    .optional(),
  facturation_localite: optionalText(80),
  facturation_pays: vine
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/)
    .nullable()
    .optional(),
  chantier_rue: optionalText(200),
  chantier_code_postal: vine
    .string()
    .trim()
    .maxLength(10)
    .use(postalCodeRule({}))
    .nullable()
    .optional(),
  chantier_localite: optionalText(80),
  chantier_lat: vine
    .any()
    .use(coordinateRule({ limit: 90, rule: 'latitude' }))
    .nullable()
    .optional(),
  chantier_lng: vine
    .any()
    .use(coordinateRule({ limit: 180, rule: 'longitude' }))
    .nullable()
    .optional(),
  apporteur_id: vine
    .number()
    .withoutDecimals()
    .positive()
    .max(2_147_483_647)
    .exists(async (db, value) =>
      Boolean(await db.from('societes').where({ id: value, type: 'pro' }).first())
    )
    .nullable()
    .optional(),
  notes: optionalText(5000),
  delai_paiement_jours: vine
    .number()
    .withoutDecimals()
    .min(0)
    .max(DELAI_PAIEMENT_MAX)
    .nullable()
    .optional(),
})
