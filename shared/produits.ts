/*
 * Produits of the catalogue (DESIGN.md §2): units, VAT rates, sortable columns.
 */
import { formatDecimal } from './totals.js'

export const UNITES = ['piece', 'm2', 'ml', 'forfait', 'heure'] as const
export type Unite = (typeof UNITES)[number]

export const UNITE_LABELS: Record<Unite, string> = {
  piece: 'pièce',
  m2: 'm²',
  ml: 'ml',
  forfait: 'forfait',
  heure: 'heure',
}

/** Plural of the units that take one in French (m² and ml do not change). */
const UNITE_PLURALS: Record<string, string> = {
  piece: 'pièces',
  pieces: 'pièces',
  forfait: 'forfaits',
  heure: 'heures',
}

/**
 * « 2 pièces », « 1 pièce », « 1,5 heure », « 12,5 m² »: the quantity of a document line with
 * its unit, plural from 2 on (French rule), a unit typed by hand printed as typed. One function
 * for the PDF and the preview.
 */
export function formatQuantiteUnite(quantite: string | null, unite: string | null): string {
  if (quantite === null || quantite === '') return ''
  const plural = Math.abs(Number(quantite.replace(',', '.'))) >= 2
  const label = !unite
    ? ''
    : ((plural ? UNITE_PLURALS[unite] : undefined) ??
      UNITE_LABELS[unite as Unite] ??
      UNITE_PLURALS[unite] ??
      unite)
  return [formatDecimal(quantite), label].filter(Boolean).join('\u00a0')
}

/** Belgian VAT rates (DESIGN.md §1); 6 % for the renovation of dwellings over 10 years old. */
export const TAUX_TVA = [21, 12, 6, 0] as const
export type TauxTva = (typeof TAUX_TVA)[number]

export const PRODUIT_SORT_KEYS = [
  'reference',
  'libelle',
  'categorie',
  'unite',
  'prix_achat',
  'prix_vente_ht',
  'taux_tva',
  'created_at',
] as const
export type ProduitSortKey = (typeof PRODUIT_SORT_KEYS)[number]

/** "m²", "M2", "pièce", "piece", "Pièce(s)" → the stored code; null when unknown. */
export function uniteFromText(text: string): Unite | null {
  const t = text
    .trim()
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace('²', '2')
    .replace(/\(s\)$|s$/, '')
  const aliases: Record<string, Unite> = {
    piece: 'piece',
    pc: 'piece',
    pce: 'piece',
    m2: 'm2',
    ml: 'ml',
    'metre lineaire': 'ml',
    forfait: 'forfait',
    heure: 'heure',
    h: 'heure',
  }
  return aliases[t] ?? null
}

/** One product as esi/produits/Index lists it and its edit form starts from. */
export type ProduitItem = {
  id: number
  reference: string
  libelle: string
  description: string | null
  unite: Unite
  prix_achat: number | null
  prix_vente_ht: number
  taux_tva: TauxTva
  categorie: string | null
  fournisseur: { id: number; nom: string } | null
  actif: boolean
  /** The version the edit form sends back (optimistic lock). */
  lock_version: number
}

/** One refused line of a CSV import. */
export type ImportLineError = { line: number; messages: string[] }
