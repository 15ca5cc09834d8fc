/*
 * Factures (issue 11): statuts, types, the default due date and the « en retard » rule, shared by
 * the server and the pages. Money in cents; dates ISO yyyy-mm-dd.
 */
import { daysBetween } from './dates.js'

export const FACTURE_STATUTS = [
  'brouillon',
  'emise',
  'partiellement_payee',
  'payee',
  'annulee',
] as const
export type FactureStatut = (typeof FACTURE_STATUTS)[number]

export const FACTURE_STATUT_LABELS: Record<FactureStatut, string> = {
  brouillon: 'Brouillon',
  emise: 'Émise',
  partiellement_payee: 'Partiellement payée',
  payee: 'Payée',
  annulee: 'Annulée',
}

export const FACTURE_STATUT_VARIANTS: Record<FactureStatut, string> = {
  brouillon: 'secondary',
  emise: 'info',
  partiellement_payee: 'warning',
  payee: 'success',
  annulee: 'dark',
}

export const FACTURE_TYPES = ['acompte', 'intermediaire', 'solde', 'libre'] as const
export type FactureType = (typeof FACTURE_TYPES)[number]

export const FACTURE_TYPE_LABELS: Record<FactureType, string> = {
  acompte: 'Acompte',
  intermediaire: 'Intermédiaire',
  solde: 'Solde',
  libre: 'Libre',
}

/** The company's payment terms (DESIGN.md §2: « echeance default +30 days »); per client later. */
export const ECHEANCE_JOURS_DEFAUT = 30

/** The longest per-client payment term a client may be given (days). */
export const DELAI_PAIEMENT_MAX = 120

/** Days from a facture's date to its due date: the client's own term, else the default. */
export function delaiPaiementJours(client: { delaiPaiementJours?: number | null }): number {
  return client.delaiPaiementJours ?? ECHEANCE_JOURS_DEFAUT
}

/** What is still due: issued, not paid in full, not cancelled. */
export function isOpen(statut: FactureStatut): boolean {
  return statut === 'emise' || statut === 'partiellement_payee'
}

/** « En retard » is derived, never stored: open and its due date is before today. */
export function isEnRetard(
  facture: { statut: FactureStatut; echeance: string | null },
  today: string
): boolean {
  return isOpen(facture.statut) && !!facture.echeance && daysBetween(facture.echeance, today) > 0
}

/** « Acompte de 30 % sur le bon de commande BDC-2026-00012 » */
export function acompteDesignation(pct: string | number, bdcNumero: string): string {
  const n = Number(String(pct).replace(',', '.'))
  const text = new Intl.NumberFormat('fr-BE', { maximumFractionDigits: 2 }).format(n)
  return `Acompte de ${text}\u00a0% sur le bon de commande ${bdcNumero}`
}

/** « Facture intermédiaire de 40 % sur le bon de commande BDC-2026-00012 » */
export function intermediaireDesignation(pct: string | number, bdcNumero: string): string {
  const n = Number(String(pct).replace(',', '.'))
  const text = new Intl.NumberFormat('fr-BE', { maximumFractionDigits: 2 }).format(n)
  return `Facture intermédiaire de ${text}\u00a0% sur le bon de commande ${bdcNumero}`
}

/** A facture of a commande as its « Facturation » block lists it. */
/**
 * A facture as a row of the client's and the commande's tables: what it asks (`reste`, the
 * one rule factureReste) once issued; null for a draft, which asks nothing yet.
 */
export type FactureRow = {
  id: number
  numero: string | null
  type: FactureType
  date_facture: string | null
  echeance: string | null
  total_ttc: number
  reste: number | null
  statut: FactureStatut
}

/** The commande page's « Facturation » block: its factures and what may still be invoiced. */
export type CommandeFacturation = {
  bdc_id: number
  bdc_lock_version: number
  factures: FactureRow[]
  /** The bdc's total TTC less every facture not cancelled (acompte, intermédiaire, solde). */
  reste_a_facturer: number
  solde_possible: boolean
  balance: CommandeBalance
  /** The bdc's product lines and what of each an intermédiaire « lignes choisies » may take. */
  lignes_facturables: LigneFacturable[]
  /** The bdc's global discount, which a « lignes choisies » facture applies too. */
  remise_globale_pct: string
}

/** A bdc line as the « lignes choisies » form shows it (quantities as text, 3 decimals). */
export type LigneFacturable = {
  id: number
  designation: string
  unite: string | null
  quantite: string
  /** Quantity still to invoice: the line's less what « lignes choisies » factures took. */
  restante: string
  prix_unitaire_ht: number
  remise_pct: string
  taux_tva: number
}

/** The commande's balance across its factures (cents). */
export type CommandeBalance = {
  /** The bdc's total TTC. */
  commande_ttc: number
  /** Issued factures' TTC (acompte, intermédiaires, solde; cancelled ones too). */
  facture: number
  /** Notes de crédit issued on them. */
  credite: number
  /** Payments allocated to them. */
  paye: number
  /** facture − credite − paye: what the client still owes on this commande. */
  reste_du: number
}

// ── List ─────────────────────────────────────────────────────────────────────────────────────

export const FACTURE_SORT_KEYS = ['numero', 'date', 'total', 'client', 'echeance'] as const

export type FactureListItem = {
  id: number
  numero: string | null
  type: FactureType
  client_id: number
  client_nom: string
  objet: string
  date_facture: string | null
  echeance: string | null
  total_ttc: number
  montant_paye: number
  montant_credite: number
  statut: FactureStatut
  en_retard: boolean
  created_at: string
}

/**
 * What an issued facture still asks (cents): its total less what was paid and what notes de
 * crédit took off. The one definition of « dû »: créances, balances and statuts follow it
 * (the SQL form is RESTE_SQL in app/services/factures/reste.ts).
 */
export function factureReste(f: {
  total_ttc: number
  montant_paye: number
  montant_credite: number
}): number {
  return f.total_ttc - f.montant_paye - f.montant_credite
}

/**
 * The statut of an issued facture from its amounts: cancelled when notes de crédit took it all
 * and nothing was paid, paid when nothing is left, partly paid once something came in.
 */
export function statutFromAmounts(f: {
  total_ttc: number
  montant_paye: number
  montant_credite: number
}): Exclude<FactureStatut, 'brouillon'> {
  if (f.montant_credite >= f.total_ttc && f.montant_paye === 0) return 'annulee'
  if (factureReste(f) <= 0) return 'payee'
  if (f.montant_paye + f.montant_credite > 0) return 'partiellement_payee'
  return 'emise'
}

// ── Free facture editor ──────────────────────────────────────────────────────────────────────

/** What the free facture's editor holds (the editor shell's texts stay empty: none on a facture). */
export type FactureLibreForm = {
  client_id: number | null
  objet: string
  remise_globale_pct: string
  lignes: import('./devis.js').LigneForm[]
  intro: string
  conditions: string
}
