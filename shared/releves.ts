/*
 * Bank import (issue 11 §3): what the import pages show of a statement and its lines. Money in
 * cents (a line's amount is signed: > 0 money in, < 0 money out).
 */
import { formatDate } from './dates.js'

export const RELEVE_LIGNE_STATUTS = [
  'rapprochee_auto',
  'rapprochee_manuelle',
  'a_rapprocher',
  'ignoree',
] as const
export type ReleveLigneStatut = (typeof RELEVE_LIGNE_STATUTS)[number]

export const RELEVE_LIGNE_STATUT_LABELS: Record<ReleveLigneStatut, string> = {
  rapprochee_auto: 'Rapprochée automatiquement',
  rapprochee_manuelle: 'Rapprochée manuellement',
  a_rapprocher: 'À rapprocher',
  ignoree: 'Ignorée',
}

export const RELEVE_FORMAT_LABELS = { camt053: 'CAMT.053', coda: 'CODA' } as const
export type ReleveFormat = keyof typeof RELEVE_FORMAT_LABELS

export type ReleveSummary = {
  id: number
  fichier_nom: string
  format: ReleveFormat
  compte_iban: string
  releve_ref: string | null
  date_debut: string | null
  date_fin: string | null
  solde_initial: number | null
  solde_final: number | null
  lignes_fichier: number
  lignes_deja_importees: number
  /** Lines this upload added (the file's lines less those already imported) */
  lignes_nouvelles: number
  rapprochees_auto: number
  /** Current counts, as lines are matched or ignored by hand */
  a_rapprocher: number
  imported_by: string | null
  created_at: string
}

export type ReleveLigneItem = {
  id: number
  date_operation: string
  montant: number
  devise: string
  contrepartie_nom: string | null
  contrepartie_iban: string | null
  communication: string | null
  communication_structuree: string | null
  reference_banque: string | null
  statut: ReleveLigneStatut
  rapprochement: 'communication' | 'montant_nom' | null
  paiement: { id: number; client_id: number; client_nom: string; factures: string[] } | null
}

/** « 22/11/2026 », or « 01/11/2026 au 30/11/2026 » for a statement of several days */
export function periode(r: Pick<ReleveSummary, 'date_debut' | 'date_fin'>): string {
  return r.date_debut === r.date_fin
    ? formatDate(r.date_debut)
    : `${formatDate(r.date_debut)} au ${formatDate(r.date_fin)}`
}

/** The summary line shown after an upload, and in the list of imports. */
export function importSummaryText(
  r: Pick<
    ReleveSummary,
    'lignes_fichier' | 'lignes_nouvelles' | 'rapprochees_auto' | 'lignes_deja_importees'
  >
): string {
  const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`
  return [
    plural(r.lignes_fichier, 'ligne', 'lignes'),
    plural(r.lignes_nouvelles, 'nouvelle ligne', 'nouvelles lignes'),
    `${r.rapprochees_auto} rapprochée${r.rapprochees_auto > 1 ? 's' : ''} automatiquement`,
    `${r.lignes_nouvelles - r.rapprochees_auto} à rapprocher`,
    plural(r.lignes_deja_importees, 'déjà importée', 'déjà importées'),
  ].join(' · ')
}
