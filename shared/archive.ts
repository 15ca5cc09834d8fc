/*
 * The archive (issue 14 §4): the finished and cancelled commandes, their list and what their file
 * shows besides the props the other pages already have. Server and pages share these shapes.
 */
import type { SortKey } from './list_query.js'

/** A commande is archived once it is finished or cancelled (decision 520). */
export const ARCHIVE_STATUTS = ['terminee', 'annulee'] as const
export type ArchiveStatut = (typeof ARCHIVE_STATUTS)[number]

export const ARCHIVE_STATUT_LABELS: Record<ArchiveStatut, string> = {
  terminee: 'Terminée',
  annulee: 'Annulée',
}

export function isArchivee(statut: string): statut is ArchiveStatut {
  return (ARCHIVE_STATUTS as readonly string[]).includes(statut)
}

export const ARCHIVE_SORT_KEYS = ['numero', 'client', 'total', 'fin'] as const
/** The most recently finished or cancelled first. */
export const ARCHIVE_DEFAULT_SORT: SortKey[] = [{ key: 'fin', desc: true }]

export type ArchiveListItem = {
  id: number
  numero: string
  client_id: number
  client_nom: string
  objet: string
  adresse_chantier: string | null
  total_ttc: number
  statut: ArchiveStatut
  /** When it was finished or cancelled (ISO). */
  fin_le: string
  motif_annulation: string | null
}

/** One email the app sent about the commande's documents, read from the audit log. */
export type ArchiveMail = {
  id: number
  quoi: string
  document: string | null
  destinataire: string | null
  par: string | null
  le: string
}

/** The audit actions that record an email sent, and how the file names them. */
export const ARCHIVE_MAIL_ACTIONS: Record<string, string> = {
  'devis.envoye': 'Devis envoyé au client',
  'demande_paiement.creee': 'Demande de paiement envoyée',
  'demande_paiement.renvoyee': 'Demande de paiement renvoyée',
  'facture.envoyee': 'Facture envoyée',
  'facture.relancee': 'Relance',
  'facture.peppol_envoyee': 'Facture envoyée via Peppol',
  'commande_fournisseur.envoyee': 'Commande fournisseur envoyée',
}
