/*
 * Statuts of the sales documents (DESIGN.md §1–§3), their labels and the shapes the editors
 * share with the server. The allowed moves are in shared/machines/ (shared/state_machine.ts).
 */
import type { LigneType } from './totals.js'

// ── Devis ────────────────────────────────────────────────────────────────────────────────────

export const DEVIS_STATUTS = [
  'brouillon',
  'envoye',
  'accepte',
  'refuse',
  'expire',
  'annule',
] as const
export type DevisStatut = (typeof DEVIS_STATUTS)[number]

export const DEVIS_STATUT_LABELS: Record<DevisStatut, string> = {
  brouillon: 'Brouillon',
  envoye: 'Envoyé',
  accepte: 'Accepté',
  refuse: 'Refusé',
  expire: 'Expiré',
  annule: 'Annulé',
}

export const DEVIS_STATUT_VARIANTS: Record<DevisStatut, string> = {
  brouillon: 'secondary',
  envoye: 'info',
  accepte: 'success',
  refuse: 'danger',
  expire: 'warning',
  annule: 'dark',
}

/** Statuts whose content may be edited in place. */
export const DEVIS_EDITABLE: DevisStatut[] = ['brouillon']
/** Statuts whose edit makes a new revision (back to brouillon, same number). */
export const DEVIS_REVISABLE: DevisStatut[] = ['envoye', 'refuse', 'expire']

/** Default validity (DESIGN.md §2: +30 days) and deposit. */
export const DEVIS_VALIDITE_JOURS = 30
export const DEVIS_ACOMPTE_PCT_DEFAULT = 30

/** Cancellation reasons of SPEC.md §3 (the dialog's choices). */
export const MOTIFS_ANNULATION = [
  'Doublon',
  'Erreur_de_prix',
  'Client_s_est_rétracté',
  'Autre',
] as const
export const MOTIF_REQUIRED = 'Indiquez le motif d’annulation.'

// ── Offres (pro portal) ──────────────────────────────────────────────────────────────────────

export const OFFRE_STATUTS = ['brouillon', 'envoyee', 'transmise', 'acceptee', 'refusee'] as const
export type OffreStatut = (typeof OFFRE_STATUTS)[number]

export const OFFRE_STATUT_LABELS: Record<OffreStatut, string> = {
  brouillon: 'Brouillon',
  envoyee: 'Envoyée',
  transmise: 'Transmise',
  acceptee: 'Acceptée',
  refusee: 'Refusée',
}

export const OFFRE_STATUT_VARIANTS: Record<OffreStatut, string> = {
  brouillon: 'secondary',
  envoyee: 'info',
  transmise: 'primary',
  acceptee: 'success',
  refusee: 'danger',
}

// ── Bon de commande, commande, demande de paiement ───────────────────────────────────────────

export const BDC_STATUTS = ['a_signer', 'signe', 'annule'] as const
export type BdcStatut = (typeof BDC_STATUTS)[number]
export const BDC_STATUT_LABELS: Record<BdcStatut, string> = {
  a_signer: 'À signer',
  signe: 'Signé',
  annule: 'Annulé',
}

export const LIEUX_SIGNATURE = ['etablissement', 'domicile', 'distance'] as const
export type LieuSignature = (typeof LIEUX_SIGNATURE)[number]
/** Where staff record a signature (the bdc page): 'distance' is only the customer's online one. */
export const LIEUX_SIGNATURE_BUREAU = ['etablissement', 'domicile'] as const
export const LIEU_SIGNATURE_LABELS: Record<LieuSignature, string> = {
  etablissement: 'Dans nos locaux',
  domicile: 'Au domicile du client (hors établissement)',
  distance: 'À distance (signé en ligne)',
}
/**
 * Whether a signature at this place opens the 14-day withdrawal period: at the customer's home
 * (unless expressly waived) and at a distance, online (decision 492: from the signature day).
 */
export function ouvreRetractation(lieu: LieuSignature | null, renonciation: boolean): boolean {
  return (lieu === 'domicile' && !renonciation) || lieu === 'distance'
}
/** DESIGN.md §3b: signed at home or online → 14-day withdrawal period. */
export const DELAI_RETRACTATION_JOURS = 14

export const COMMANDE_STATUTS = ['en_attente', 'en_cours', 'terminee', 'annulee'] as const
export type CommandeStatut = (typeof COMMANDE_STATUTS)[number]
export const COMMANDE_STATUT_LABELS: Record<CommandeStatut, string> = {
  en_attente: 'En attente',
  en_cours: 'En cours',
  terminee: 'Terminée',
  annulee: 'Annulée',
}

export const DEMANDE_PAIEMENT_STATUTS = ['envoyee', 'payee', 'annulee'] as const
export type DemandePaiementStatut = (typeof DEMANDE_PAIEMENT_STATUTS)[number]
export const DEMANDE_PAIEMENT_STATUT_LABELS: Record<DemandePaiementStatut, string> = {
  envoyee: 'Envoyée',
  payee: 'Payée',
  annulee: 'Annulée',
}
/** Validity of the public payment link. */
export const DEMANDE_PAIEMENT_LIEN_JOURS = 30

// ── Shapes shared by the editor pages and the server ─────────────────────────────────────────

/**
 * One line as the editor holds and posts it: what the user typed, as text ("12,50", "2,5").
 * The server validates it into a LigneData (cents), with a French message per bad field.
 */
export type LigneForm = {
  /** Client-side key to keep React rows stable while dragging. */
  key?: string
  type: LigneType
  produit_id: number | null
  designation: string
  /** Decimal text with up to 3 decimals ("2,5"). */
  quantite: string
  unite: string | null
  /** Money text ("1 234,56"), parsed by shared/money.ts. */
  prix_unitaire_ht: string
  /** Decimal text with up to 2 decimals. */
  remise_pct: string
  taux_tva: number | null
  /** Devis only (issue 14 §1): an option, and whether it is ticked (counted). */
  optionnel?: boolean
  retenue?: boolean
}

/** A validated line, as stored: money in cents, decimals as text with a dot. */
export type LigneData = {
  type: LigneType
  produit_id: number | null
  designation: string
  quantite: string | null
  unite: string | null
  prix_unitaire_ht: number | null
  remise_pct: string
  taux_tva: number | null
  /** Devis only (issue 14 §1): an option, and whether it is ticked (counted in the totals). */
  optionnel?: boolean
  retenue?: boolean
}

export function emptyLigne(type: LigneType = 'produit'): LigneForm {
  return {
    type,
    produit_id: null,
    designation: '',
    quantite: type === 'produit' ? '1' : '',
    unite: type === 'produit' ? 'piece' : null,
    prix_unitaire_ht: type === 'produit' ? '0,00' : '',
    remise_pct: '0',
    taux_tva: type === 'produit' ? 21 : null,
  }
}

/** Maximum lines of one document (keeps PDFs and forms sane). */
export const MAX_LIGNES = 500
