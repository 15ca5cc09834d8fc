/*
 * Decision 801: the devis body the editor sends, valid, checked without VineJS — the same rules
 * (app/validators/devis.ts and lignes.ts: the same check functions, lengths, lists and the ids
 * looked up beforehand) written as one pass. It only ever says « valid, and here is exactly what
 * VineJS returns »: anything it does not take as plainly valid (an error, a number sent as text,
 * a boolean as "1", an id the lookup did not answer) is null, and VineJS validates the body as
 * before — so every error, French message and 422 stays VineJS's own. Proven equal to VineJS on
 * random bodies (tests/unit/devis_fast_validation.spec.ts).
 */
import { LIGNE_TYPES } from '#shared/totals'
import { MAX_LIGNES } from '#shared/devis'
import { TAUX_TVA, UNITES } from '#shared/produits'
import { parseId, INT4_MAX } from '#services/route_params'
import { type Checked, checkMoneyCents, checkPct, checkQuantite, knownId } from '#validators/lignes'
import {
  DEVIS_TEXT_MAX,
  ISO_DATE,
  type DevisReferences,
  type DevisUpdateValidated,
} from '#validators/devis'

/** Refused by the fast path: VineJS decides. */
const NO = Symbol('no')
/** A field not sent (or sent null where only optional): VineJS leaves its key out. */
const ABSENT = Symbol('absent')

type Out<T> = T | typeof NO | typeof ABSENT

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** vine.string().trim().maxLength(max) (and minLength(min)). */
function text(value: unknown, max: number, min = 0): string | typeof NO {
  if (typeof value !== 'string') return NO
  const trimmed = value.trim()
  return trimmed.length > max || trimmed.length < min ? NO : trimmed
}

/** `.optional()`: undefined and null leave the key out. */
function optional<T>(value: unknown, read: (v: unknown) => T | typeof NO): Out<T> {
  return value === undefined || value === null ? ABSENT : read(value)
}

/** `.nullable().optional()`: undefined leaves the key out, null stays null. */
function nullableOptional<T>(value: unknown, read: (v: unknown) => T | typeof NO): Out<T | null> {
  if (value === undefined) return ABSENT
  return value === null ? null : read(value)
}

const checked = <T>(c: Checked<T>): T | typeof NO => (c.message === undefined ? c.value : NO)

/** A whole number VineJS would read as is, within bounds (JSON numbers only: text goes to VineJS). */
function integer(value: unknown, min: number, max: number): number | typeof NO {
  return typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max
    ? value
    : NO
}

/** An id the lookup found (one it did not answer, or found missing, goes to VineJS). */
function known(value: unknown, ids: DevisReferences['clients'], max: number): number | typeof NO {
  const id = integer(value, 1, max)
  return id !== NO && knownId(ids, id) === true ? id : NO
}

const TYPES: readonly unknown[] = LIGNE_TYPES
const UNITS: readonly unknown[] = UNITES
const RATES: readonly unknown[] = TAUX_TVA

/** Sets `out[key]`; false when the value was refused. */
function put(out: Record<string, unknown>, key: string, value: Out<unknown>): boolean {
  if (value === NO) return false
  if (value !== ABSENT) out[key] = value
  return true
}

function fastLigne(ligne: unknown): Record<string, unknown> | null {
  if (!isObject(ligne)) return null
  const out: Record<string, unknown> = {}
  const ok =
    put(out, 'type', TYPES.includes(ligne.type) ? ligne.type : NO) &&
    put(
      out,
      'produit_id',
      nullableOptional(ligne.produit_id, (v) => parseId(v) ?? NO)
    ) &&
    put(
      out,
      'designation',
      optional(ligne.designation, (v) => text(v, 2000))
    ) &&
    put(
      out,
      'quantite',
      optional(ligne.quantite, (v) => {
        const t = text(v, 20)
        return t === NO ? NO : checked(checkQuantite(t))
      })
    ) &&
    put(
      out,
      'unite',
      nullableOptional(ligne.unite, (v) => (UNITS.includes(v) ? v : NO))
    ) &&
    put(
      out,
      'prix_unitaire_ht',
      optional(ligne.prix_unitaire_ht, (v) => {
        const t = text(v, 30)
        return t === NO ? NO : checked(checkMoneyCents(t))
      })
    ) &&
    put(out, 'remise_pct', optional(ligne.remise_pct, pct)) &&
    put(
      out,
      'taux_tva',
      nullableOptional(ligne.taux_tva, (v) => (typeof v === 'number' && RATES.includes(v) ? v : NO))
    ) &&
    put(out, 'optionnel', optional(ligne.optionnel, bool)) &&
    put(out, 'retenue', optional(ligne.retenue, bool))
  return ok ? out : null
}

function pct(value: unknown): string | typeof NO {
  const t = text(value, 12)
  return t === NO ? NO : checked(checkPct(t))
}

/** vine.boolean() also reads "1", "on", 0…: only a JSON boolean is taken here. */
const bool = (value: unknown): boolean | typeof NO => (typeof value === 'boolean' ? value : NO)

function fastLignes(value: unknown): unknown[] | typeof NO {
  if (!Array.isArray(value) || value.length > MAX_LIGNES) return NO
  const lignes = []
  for (const ligne of value) {
    const read = fastLigne(ligne)
    if (!read) return NO
    lignes.push(read)
  }
  return lignes
}

/**
 * What devisUpdateValidator returns for `data` (the request's data as validateUsing reads it),
 * when the body is valid and plainly typed; null when VineJS must decide.
 */
export function fastDevisUpdate(
  data: Record<string, unknown>,
  references: DevisReferences
): DevisUpdateValidated | null {
  if (!isObject(data)) return null
  const out: Record<string, unknown> = {}
  const date = (v: unknown) => {
    const t = text(v, Infinity)
    return t !== NO && ISO_DATE.test(t) ? t : NO
  }
  const ok =
    put(out, 'client_id', known(data.client_id, references.clients, Number.MAX_SAFE_INTEGER)) &&
    put(
      out,
      'commercial_id',
      nullableOptional(data.commercial_id, (v) => known(v, references.commerciaux, INT4_MAX))
    ) &&
    put(out, 'date_devis', optional(data.date_devis, date)) &&
    put(out, 'valable_jusqu_au', optional(data.valable_jusqu_au, date)) &&
    put(out, 'objet', text(data.objet, 200, 1)) &&
    put(
      out,
      'adresse_chantier',
      nullableOptional(data.adresse_chantier, (v) => text(v, 300))
    ) &&
    put(out, 'remise_globale_pct', optional(data.remise_globale_pct, pct)) &&
    put(out, 'acompte_pct', optional(data.acompte_pct, pct)) &&
    put(
      out,
      'intro',
      nullableOptional(data.intro, (v) => text(v, DEVIS_TEXT_MAX))
    ) &&
    put(
      out,
      'conditions',
      nullableOptional(data.conditions, (v) => text(v, DEVIS_TEXT_MAX))
    ) &&
    put(out, 'lignes', optional(data.lignes, fastLignes)) &&
    put(out, 'lock_version', integer(data.lock_version, 0, Infinity))
  return ok ? (out as DevisUpdateValidated) : null
}
