/*
 * The lines of a devis or an offre as the editor posts them (shared/devis.ts LigneForm): typed
 * text checked here into LigneData (cents, decimals with a dot), a French message per field
 * (`lignes.3.quantite`) so the editor shows it on the right cell.
 */
import vine, { errors as vineErrors } from '@vinejs/vine'
import type { FieldContext } from '@vinejs/vine/types'
import db from '@adonisjs/lucid/services/db'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { MoneyFormatError, parseMoney } from '#shared/money'
import {
  LIGNE_TYPES,
  LIMIT_MESSAGES,
  MAX_PRIX_UNITAIRE_CENTS,
  MAX_QUANTITE,
  limitErrors,
  parseScaled,
} from '#shared/totals'
import { parseId } from '#services/route_params'
import { MAX_LIGNES } from '#shared/devis'
import { TAUX_TVA, UNITES } from '#shared/produits'

export const LIGNE_MESSAGES = {
  'lignes.array': 'Les lignes du document sont invalides.',
  'lignes.maxLength': `Un document compte au plus ${MAX_LIGNES} lignes.`,
  'lignes.*.type.enum': 'Type de ligne invalide.',
  'lignes.*.designation.required': 'Saisissez une désignation.',
  'lignes.*.designation.maxLength': 'La désignation ne peut pas dépasser {{ max }} caractères.',
  'lignes.*.unite.enum': 'Unité invalide : pièce, m², ml, forfait ou heure.',
  'lignes.*.taux_tva.in': 'Taux de TVA invalide : 21, 12, 6 ou 0 %.',
  'lignes.*.produit_id.database.exists': 'Ce produit n’existe plus dans le catalogue.',
  'lignes.*.produit_id.id': 'Ce produit n’existe plus dans le catalogue.',
}

/** A typed value read by one rule: what it becomes, or the French message and rule name. */
export type Checked<T> = { value: T; message?: undefined } | { message: string; rule: string }

/** Reports a check's message or writes its value: the rules below and nothing else. */
function apply<T>(checked: Checked<T>, field: FieldContext) {
  if (checked.message === undefined) field.mutate(checked.value, field)
  else field.report(checked.message, checked.rule, field)
}

/** "2,5" → "2.5" (≤ 3 decimals, 0 … MAX_QUANTITE) */
export function checkQuantite(value: string): Checked<string> {
  const scaled = parseScaled(value, 3)
  if (scaled === null)
    return { message: 'Quantité invalide : au plus 3 décimales (ex. 2,5).', rule: 'quantite' }
  if (scaled < 0n) return { message: 'La quantité ne peut pas être négative.', rule: 'quantite' }
  if (scaled > BigInt(MAX_QUANTITE) * 1000n)
    return { message: LIMIT_MESSAGES.quantite, rule: 'quantite' }
  return { value: formatScaled(scaled, 3) }
}

/** "12,5" → "12.5" (≤ 2 decimals, 0 … 100) */
export function checkPct(value: string): Checked<string> {
  const scaled = parseScaled(value, 2)
  if (scaled === null)
    return { message: 'Pourcentage invalide : au plus 2 décimales (ex. 12,5).', rule: 'pct' }
  if (scaled < 0n || scaled > 10_000n)
    return { message: 'Le pourcentage doit être compris entre 0 et 100.', rule: 'pct' }
  return { value: formatScaled(scaled, 2) }
}

/** "1 234,56" → 123456 cents (shared/money.ts), at most MAX_PRIX_UNITAIRE_CENTS */
export function checkMoneyCents(value: unknown): Checked<number> {
  try {
    const cents = parseMoney(String(value))
    if (cents > MAX_PRIX_UNITAIRE_CENTS) return { message: LIMIT_MESSAGES.prix, rule: 'prixMax' }
    return { value: cents }
  } catch (error) {
    return {
      message: error instanceof MoneyFormatError ? error.message : 'Montant invalide.',
      rule: 'money',
    }
  }
}

export const quantiteRule = vine.createRule((value: unknown, _o: undefined, field: FieldContext) =>
  apply(checkQuantite(value as string), field)
)

export const pctRule = vine.createRule((value: unknown, _o: undefined, field: FieldContext) =>
  apply(checkPct(value as string), field)
)

export const moneyCentsRule = vine.createRule(
  (value: unknown, _o: undefined, field: FieldContext) => apply(checkMoneyCents(value), field)
)

/** An id of an `integer` column (the one id parser): anything else is a field error. */
export const int4IdRule = vine.createRule((value: unknown, _o: undefined, field: FieldContext) => {
  const id = parseId(value)
  if (id === null) return field.report('Identifiant invalide.', 'id', field)
  field.mutate(id, field)
})

function formatScaled(value: bigint, scale: number): string {
  const negative = value < 0n
  const abs = negative ? -value : value
  const base = 10n ** BigInt(scale)
  const text = `${abs / base}.${String(abs % base).padStart(scale, '0')}`.replace(/\.?0+$/, '')
  return (negative ? '-' : '') + (text || '0')
}

export const pctField = () => vine.string().trim().maxLength(12).use(pctRule())

export const lignesSchema = () =>
  vine
    .array(
      vine.object({
        type: vine.enum(LIGNE_TYPES),
        produit_id: vine.any().use(int4IdRule()).nullable().optional(),
        designation: vine.string().trim().maxLength(2000).optional(),
        quantite: vine.string().trim().maxLength(20).use(quantiteRule()).optional(),
        unite: vine.enum(UNITES).nullable().optional(),
        prix_unitaire_ht: vine.string().trim().maxLength(30).use(moneyCentsRule()).optional(),
        remise_pct: vine.string().trim().maxLength(12).use(pctRule()).optional(),
        taux_tva: vine
          .number()
          .in([...TAUX_TVA])
          .nullable()
          .optional(),
        // Devis only (issue 14 §1): the line is an option, ticked (counted) or not
        optionnel: vine.boolean().optional(),
        retenue: vine.boolean().optional(),
      })
    )
    .maxLength(MAX_LIGNES)

type ValidatedLigne = {
  type: (typeof LIGNE_TYPES)[number]
  produit_id?: number | null
  designation?: string
  quantite?: string
  unite?: string | null
  prix_unitaire_ht?: string | number
  remise_pct?: string
  taux_tva?: number | null
  optionnel?: boolean
  retenue?: boolean
}

/**
 * After VineJS: the checks that depend on the line type (a produit line needs its quantity,
 * price and VAT rate; a texte or section its text). Returns the field errors, keyed like VineJS.
 */
export function lignesErrors(
  lignes: ValidatedLigne[],
  remiseGlobalePct: string | null = null
): Record<string, string> {
  // The business limits first (shared/totals.ts), then the per-type rules on top
  const errors: Record<string, string> = limitErrors(
    lignes.map((l) => ({ ...l, prix_unitaire_ht: Number(l.prix_unitaire_ht ?? 0) })),
    remiseGlobalePct ?? 0
  )
  lignes.forEach((l, i) => {
    const at = (f: string) => `lignes.${i}.${f}`
    if ((l.type === 'produit' || l.type === 'texte' || l.type === 'section') && !l.designation)
      errors[at('designation')] = 'Saisissez une désignation.'
    if (l.type === 'produit') {
      if (l.quantite === undefined || l.quantite === '')
        errors[at('quantite')] = 'Saisissez une quantité.'
      if (l.prix_unitaire_ht === undefined)
        errors[at('prix_unitaire_ht')] = 'Saisissez un prix unitaire HT.'
      if (l.taux_tva === undefined || l.taux_tva === null)
        errors[at('taux_tva')] = 'Choisissez un taux de TVA.'
    }
  })
  return errors
}

/** Ids named by a body and looked up before its validation: those asked, those that exist. */
export type KnownIds = { asked: Set<number>; found: Set<number> }

/** Whether `id` exists, when it was looked up beforehand (undefined: ask the database). */
export function knownId(ids: KnownIds | undefined, id: number): boolean | undefined {
  return ids?.asked.has(id) ? ids.found.has(id) : undefined
}

/** The produit ids of a body's lines as sent (what the validator will read as ids). */
export function bodyProduitIds(lignes: unknown): number[] {
  if (!Array.isArray(lignes)) return []
  const ids = lignes.map((l) => parseId(l?.produit_id)).filter((id): id is number => id !== null)
  return [...new Set(ids)]
}

/**
 * Every check of the lines after VineJS, for devis and offres alike: the per-type rules
 * (lignesErrors) and a product removed from the catalogue meanwhile (a message on its line,
 * not a foreign-key error). Returns the field errors, keyed like VineJS.
 */
export async function lignesContentErrors(
  lignes: ValidatedLigne[],
  client: QueryClientContract = db.connection(),
  remiseGlobalePct: string | null = null,
  produits?: KnownIds
): Promise<Record<string, string>> {
  const errors = lignesErrors(lignes, remiseGlobalePct)
  const ids = [...new Set(lignes.map((l) => l.produit_id).filter((id): id is number => !!id))]
  if (ids.length > 0) {
    // The produits already looked up with the body's other references, else one query
    const known = ids.every((id) => produits?.asked.has(id))
      ? produits!.found
      : await produitIds(client, ids)
    lignes.forEach((l, i) => {
      if (l.produit_id && !known.has(l.produit_id)) {
        errors[`lignes.${i}.produit_id`] = LIGNE_MESSAGES['lignes.*.produit_id.database.exists']
      }
    })
  }
  return errors
}

async function produitIds(client: QueryClientContract, ids: number[]): Promise<Set<number>> {
  const rows = await client.from('produits').whereIn('id', ids).select('id')
  return new Set(rows.map((r) => Number(r.id)))
}

/** Field errors thrown as VineJS does (422 JSON, or flashed next to the fields). */
export function throwFieldErrors(errors: Record<string, string>, rule = 'custom'): void {
  if (Object.keys(errors).length === 0) return
  throw new vineErrors.E_VALIDATION_ERROR(
    Object.entries(errors).map(([field, message]) => ({ field, message, rule }))
  )
}

export function toLigneData(l: ValidatedLigne) {
  return {
    type: l.type,
    produit_id: l.produit_id ?? null,
    designation: l.designation ?? '',
    quantite: l.type === 'produit' ? (l.quantite ?? '0') : null,
    unite: l.type === 'produit' ? (l.unite ?? null) : null,
    prix_unitaire_ht: l.type === 'produit' ? Number(l.prix_unitaire_ht ?? 0) : null,
    remise_pct: l.type === 'produit' ? (l.remise_pct ?? '0') : '0',
    taux_tva: l.type === 'produit' ? (l.taux_tva ?? null) : null,
    optionnel: l.type === 'produit' && l.optionnel === true,
    retenue: !(l.type === 'produit' && l.optionnel === true) || l.retenue !== false,
  }
}
