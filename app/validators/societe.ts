/*
 * Sociétés (DESIGN.md §2): Belgian VAT number (mod 97) and IBAN checked with the rules the React
 * form uses (shared/validation/belgium.ts), then stored normalised (BE0123456789, IBAN without
 * spaces). Only the fields listed here are read: anything else posted is ignored.
 */
import { ACOMPTE_RETRACTATION_REGLES } from '#shared/retractation'
import { TOLERANCE_MAX_MM } from '#shared/mesurage'

const TOLERANCE_MESSAGE = `La tolérance est un nombre entier de millimètres (0 à ${TOLERANCE_MAX_MM}).`
import vine from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import {
  isValidBeVat,
  isValidIban,
  normalizeBeVat,
  normalizeIban,
} from '#shared/validation/belgium'
import {
  BIC_PATTERN,
  COUNTRIES,
  FIELD_MESSAGES,
  FORMES_JURIDIQUES,
  isValidPostcode,
  LOGO_EXTENSIONS,
  normalizeBic,
  PHONE_PATTERN,
  SOCIETE_LIMITS,
  SOCIETE_TYPES,
} from '#shared/societes'
import { frenchMessages } from '#validators/french'
import { lockVersionField } from '#validators/lock_version'
import { pctField } from '#validators/lignes'

function country(field: FieldContext): string {
  const value = (field.parent as Record<string, unknown> | undefined)?.pays
  return typeof value === 'string' && value in COUNTRIES ? value : 'BE'
}

/** Belgian number with its mod-97 key; another country's VAT number: its general shape. */
const vatNumber = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (country(field) === 'BE') {
    if (!isValidBeVat(value)) return field.report(FIELD_MESSAGES.numeroTva, 'beVat', field)
    return field.mutate(normalizeBeVat(value), field)
  }
  const compact = value.toUpperCase().replace(/[\s.\-/]/g, '')
  if (!/^[A-Z]{2}[A-Z0-9]{2,13}$/.test(compact)) {
    return field.report(
      'Numéro de TVA invalide (code pays suivi de 2 à 13 caractères).',
      'vat',
      field
    )
  }
  field.mutate(compact, field)
})

const iban = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (!isValidIban(value)) return field.report(FIELD_MESSAGES.iban, 'iban', field)
  field.mutate(normalizeIban(value), field)
})

const bic = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  const normalized = normalizeBic(value)
  if (!BIC_PATTERN.test(normalized)) return field.report(FIELD_MESSAGES.bic, 'bic', field)
  field.mutate(normalized, field)
})

const postcode = vine.createRule((value, _options, field) => {
  if (typeof value !== 'string') return
  if (!isValidPostcode(value, country(field))) {
    field.report(FIELD_MESSAGES.codePostal, 'postcode', field)
  }
})

const optionalText = (max: number) => vine.string().trim().maxLength(max).nullable().optional()

export const societeValidator = vine.create({
  lock_version: lockVersionField(),
  nom: vine.string().trim().minLength(2).maxLength(SOCIETE_LIMITS.nom),
  type: vine.enum(SOCIETE_TYPES).optional(),
  forme_juridique: vine.enum(FORMES_JURIDIQUES).nullable().optional(),
  numero_tva: vine.string().trim().maxLength(20).use(vatNumber()).nullable().optional(),
  rpm: optionalText(SOCIETE_LIMITS.rpm),
  adresse: optionalText(SOCIETE_LIMITS.adresse),
  code_postal: vine.string().trim().maxLength(10).use(postcode()).nullable().optional(),
  localite: optionalText(SOCIETE_LIMITS.localite),
  pays: vine.enum(Object.keys(COUNTRIES)).optional(),
  email: vine.string().trim().email().maxLength(SOCIETE_LIMITS.email).nullable().optional(),
  telephone: vine
    .string()
    .trim()
    .maxLength(SOCIETE_LIMITS.telephone)
    .regex(PHONE_PATTERN)
    .nullable()
    .optional(),
  iban: vine.string().trim().maxLength(42).use(iban()).nullable().optional(),
  bic: vine.string().trim().maxLength(14).use(bic()).nullable().optional(),
  /** Partner discount of a pro société: written only by staff (app/actions/societes/save_societe.ts). */
  remise_partenaire_pct: pctField().nullable().optional(),
  /** The esi société's rule for payments during a withdrawal period: written only by staff. */
  acompte_pendant_retractation: vine.enum(ACOMPTE_RETRACTATION_REGLES).optional(),
  /** The esi société's measurement tolerance (± mm, issue 12): written only by staff. */
  tolerance_mesure_mm: vine.number().withoutDecimals().min(0).max(TOLERANCE_MAX_MM).optional(),
})

societeValidator.messagesProvider = frenchMessages(
  {
    'nom.required': 'Le nom de la société est requis.',
    'telephone.regex': FIELD_MESSAGES.telephone,
    'type.enum': 'Type de société invalide.',
    'forme_juridique.enum': 'Forme juridique inconnue.',
    'pays.enum': 'Pays non pris en charge.',
    'acompte_pendant_retractation.enum':
      'Choisissez une règle pour l’acompte pendant le délai de rétractation.',
    'tolerance_mesure_mm.number': TOLERANCE_MESSAGE,
    'tolerance_mesure_mm.withoutDecimals': TOLERANCE_MESSAGE,
    'tolerance_mesure_mm.min': TOLERANCE_MESSAGE,
    'tolerance_mesure_mm.max': TOLERANCE_MESSAGE,
  },
  { nom: 'nom', numero_tva: 'numéro de TVA' }
)

export type SocieteInput = Awaited<ReturnType<typeof societeValidator.validate>>

/** Logo: the extension here, the content (magic bytes) in app/services/logo_storage.ts. */
export const logoValidator = vine.create({
  logo: vine.file({ size: '1mb', extnames: [...LOGO_EXTENSIONS] }),
})

logoValidator.messagesProvider = frenchMessages({
  'logo.required': 'Choisissez un fichier image.',
  file: 'Choisissez un fichier image.',
  'file.size': 'Le logo ne peut pas dépasser 1 Mo.',
  'file.extname': 'Format refusé : le logo doit être une image PNG, JPEG ou WebP (pas de SVG).',
})
