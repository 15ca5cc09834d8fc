/*
 * Shapes of the bon de commande and commande lists (issue 5), shared by the server and the pages;
 * the Show pages' props are the sales transformers' (`Data.Bdc.Variants['forDetail']`…, generated
 * in .adonisjs/client/data.d.ts). Money in cents; dates ISO.
 */
import type { BdcStatut, CommandeStatut, DemandePaiementStatut } from './devis.js'
import type { Etape, EtapeStatut } from './commande_etapes.js'

// ── Lists ────────────────────────────────────────────────────────────────────────────────────

export const BDC_SORT_KEYS = ['numero', 'date', 'total', 'client'] as const
export const BDC_DEFAULT_SORT = '-date'
export const COMMANDE_SORT_KEYS = [
  'numero',
  'date',
  'total',
  'client',
  'fin_retractation',
  'urgence',
] as const
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
  /** Issue 12: where it stands — its first step not done and that step's statut. */
  etape_courante: Etape | null
  etape_courante_statut: EtapeStatut | null
  /** The earliest planned end of a step not done (late when before today). */
  prochaine_echeance: string | null
  chef_projet: string | null
  commercial: string | null
}

/** The commande list's default order (issue 12 §6): the most overdue first. */
export const COMMANDE_URGENCE_FIRST = [{ key: 'urgence', desc: false }]

/** Limits of the signature uploads (the server checks them, the page says them). */
export const SIGNATURE_LIMITS = {
  /** Drawn signature PNG. */
  drawnBytes: 500 * 1024,
  /** Uploaded signed scan. */
  scanBytes: 5 * 1024 * 1024,
  signataire: 160,
} as const
