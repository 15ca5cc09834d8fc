/*
 * Sociétés, their members and contacts (DESIGN.md §2, §4): the values, labels and field rules
 * shared by the server (VineJS rules, policies) and the React forms.
 */
import { effectiveRole, type Role, type RoleSubject } from './roles.js'

export const SOCIETE_TYPES = ['esi', 'pro', 'client', 'fournisseur'] as const
export type SocieteType = (typeof SOCIETE_TYPES)[number]

export const SOCIETE_TYPE_NAMES: Record<SocieteType, string> = {
  esi: 'ESI (notre société)',
  pro: 'Partenaire professionnel',
  client: 'Client',
  fournisseur: 'Fournisseur',
}

export const MEMBER_ROLES = ['admin', 'membre'] as const
export type MemberRole = (typeof MEMBER_ROLES)[number]

export const MEMBER_ROLE_NAMES: Record<MemberRole, string> = {
  admin: 'Administrateur',
  membre: 'Membre',
}

/** Belgian legal forms since the 2019 code des sociétés, plus the sole trader and "other". */
export const FORMES_JURIDIQUES = [
  'SRL',
  'SA',
  'SC',
  'SNC',
  'SComm',
  'ASBL',
  'Personne physique',
  'Autre',
] as const

export const COUNTRIES: Record<string, string> = {
  BE: 'Belgique',
  FR: 'France',
  LU: 'Luxembourg',
  NL: 'Pays-Bas',
  DE: 'Allemagne',
}

/**
 * Types of société a user may create (DESIGN.md leaves it open, docs/DECISIONS.md): staff any;
 * a partner his own partner company or a customer company; anybody else a customer company.
 */
export function creatableTypes(user: RoleSubject): SocieteType[] {
  const role = effectiveRole(user)
  if (role === 'esi') return [...SOCIETE_TYPES]
  if (role === 'pro') return ['pro', 'client']
  return ['client']
}

/** The application role of an account created by an invitation into a société of that type. */
export function roleForInvitee(type: SocieteType): Role {
  if (type === 'esi') return 'esi'
  if (type === 'pro') return 'pro'
  return 'other'
}

// --- Field formats (the VAT and IBAN checks live in ./validation/belgium.ts) ------------------

/** SWIFT/BIC: 4 letters (bank), 2 letters (country), 2 characters (place), optional branch. */
export const BIC_PATTERN = /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/

export function normalizeBic(input: string): string {
  return input.toUpperCase().replace(/\s/g, '')
}

/** A phone number as people type it: digits, spaces, dots, slashes, dashes, brackets, one +. */
export const PHONE_PATTERN = /^\+?[0-9][0-9 ./()-]{5,24}$/

/** Belgian postcodes are four digits; elsewhere 3 to 10 letters, digits, spaces or dashes. */
export function isValidPostcode(value: string, country: string | null | undefined): boolean {
  if (!country || country === 'BE') return /^[1-9]\d{3}$/.test(value)
  return /^[A-Za-z0-9][A-Za-z0-9 -]{1,8}[A-Za-z0-9]$/.test(value)
}

export const FIELD_MESSAGES = {
  numeroTva:
    'Numéro de TVA belge invalide : BE suivi de 10 chiffres, dont les deux derniers forment la clé de contrôle (ex. BE0123456749).',
  iban: 'IBAN invalide : vérifiez le code pays, la longueur et la clé de contrôle.',
  bic: 'BIC invalide : 8 ou 11 caractères (ex. GKCCBEBB).',
  telephone: 'Numéro de téléphone invalide (ex. +32 81 22 33 44).',
  codePostal: 'Code postal invalide (4 chiffres en Belgique).',
} as const

/** Maximum lengths (same as the columns), for the inputs' maxLength and the validators. */
export const SOCIETE_LIMITS = {
  nom: 160,
  rpm: 80,
  adresse: 200,
  localite: 80,
  email: 254,
  telephone: 40,
} as const

export const CONTACT_LIMITS = {
  nom: 100,
  prenom: 100,
  email: 254,
  telephone: 40,
  adresse: 200,
  localite: 80,
  notes: 5000,
} as const

/** Logo files: PNG, JPEG or WebP (no SVG: it can carry scripts), 1 MB at most. */
export const LOGO_EXTENSIONS = ['png', 'jpg', 'jpeg', 'webp'] as const
export const LOGO_MAX_BYTES = 1024 * 1024
