/*
 * Shapes of the bon de commande, commande and demande de paiement pages (issue 5), shared by the
 * server (what the controllers render) and the pages (their props). Money in cents; dates ISO.
 */
import type { BdcStatut, CommandeStatut, DemandePaiementStatut, LieuSignature } from './devis.js'
import type { LigneType, VatGroup } from './totals.js'

// ── Lists ────────────────────────────────────────────────────────────────────────────────────

export const BDC_SORT_KEYS = ['numero', 'date', 'total', 'client'] as const
export const BDC_DEFAULT_SORT = '-date'
export const COMMANDE_SORT_KEYS = ['numero', 'date', 'total', 'client', 'fin_retractation'] as const
export const COMMANDE_DEFAULT_SORT = '-date'

export const BDC_STATUT_VARIANTS: Record<BdcStatut, string> = {
  a_signer: 'warning',
  signe: 'success',
  annule: 'dark',
}

export const COMMANDE_STATUT_VARIANTS: Record<CommandeStatut, string> = {
  en_attente: 'warning',
  en_cours: 'info',
  terminee: 'success',
  annulee: 'dark',
}

export const DEMANDE_STATUT_VARIANTS: Record<DemandePaiementStatut, string> = {
  envoyee: 'info',
  payee: 'success',
  annulee: 'dark',
}

export type BdcListItem = {
  id: number
  numero: string
  client_id: number
  client_nom: string
  objet: string
  total_ttc: number
  acompte: number
  statut: BdcStatut
  signe_le: string | null
  created_at: string
  commande_id: number | null
}

export type CommandeListItem = {
  id: number
  numero: string
  client_id: number
  client_nom: string
  objet: string
  total_ttc: number
  statut: CommandeStatut
  fin_retractation: string | null
  created_at: string
  bdc_id: number
  bdc_numero: string | null
}

// ── Bdc Show ─────────────────────────────────────────────────────────────────────────────────

export type BdcLigneItem = {
  id: number
  type: LigneType
  designation: string
  quantite: string | null
  unite: string | null
  prix_unitaire_ht: number | null
  remise_pct: string
  taux_tva: number | null
  total_ht: number | null
}

export type DemandePaiementItem = {
  id: number
  numero: string
  montant: number
  statut: DemandePaiementStatut
  email: string | null
  communication: string
  envoyee_le: string | null
  payee_le: string | null
  lien_expire_le: string
}

export type BdcDetail = {
  id: number
  numero: string
  statut: BdcStatut
  lock_version: number
  created_at: string
  devis_id: number
  devis_numero: string | null
  devis_revision: number
  client: {
    id: number
    nom: string
    email: string | null
    telephone: string | null
    adresse: string[]
  }
  commercial: string | null
  objet: string
  adresse_chantier: string | null
  remise_globale_pct: string
  total_ht: number
  total_tva: number
  total_ttc: number
  tva: VatGroup[]
  acompte_pct: string
  acompte: number
  lignes: BdcLigneItem[]
  signature: {
    signe_le: string | null
    signataire: string | null
    lieu: LieuSignature | null
    type: 'dessin' | 'scan' | null
    mime: string | null
    renonciation: boolean
    fin_retractation: string | null
  }
  motif_annulation: string | null
  commande: { id: number; numero: string } | null
  demandes: DemandePaiementItem[]
}

// ── Commande Show ────────────────────────────────────────────────────────────────────────────

export type CommandeDetail = {
  id: number
  numero: string
  statut: CommandeStatut
  created_at: string
  client: { id: number; nom: string }
  chef_projet: string | null
  objet: string
  total_ttc: number
  fin_retractation: string | null
  bdc: {
    id: number
    numero: string
    signe_le: string | null
    lieu: LieuSignature | null
    renonciation: boolean
    acompte: number
  }
}

// ── Demande de paiement ──────────────────────────────────────────────────────────────────────

/** What both the esi page and the customer's public page show. */
export type PaiementPublic = {
  numero: string
  objet: string
  montant: number
  beneficiaire: string
  /** Grouped by 4 ("BE68 5390 0754 7034"). */
  iban: string
  bic: string | null
  communication: string
  statut: DemandePaiementStatut
  payee_le: string | null
  lien_expire_le: string
  /** data: URL of the EPC QR code (null when the payload cannot be built). */
  qr_data_url: string | null
}

export type DemandePaiementDetail = PaiementPublic & {
  id: number
  client: { id: number; nom: string }
  bdc: { id: number; numero: string } | null
  email: string | null
  envoyee_le: string | null
  created_at: string
  /** The signed public link (valid until lien_expire_le). */
  lien: string
  lien_expire: boolean
}

/** Limits of the signature uploads (the server checks them, the page says them). */
export const SIGNATURE_LIMITS = {
  /** Drawn signature PNG. */
  drawnBytes: 500 * 1024,
  /** Uploaded signed scan. */
  scanBytes: 5 * 1024 * 1024,
  signataire: 160,
} as const
