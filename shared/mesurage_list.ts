/*
 * esi/mesurage Index (issue 12 §2): its sort keys, state filter and row, shared by the server
 * (app/services/commandes/mesurage_list.ts) and the page.
 */
import type { EtapeStatut } from './commande_etapes.js'

/** Without a planned date, a commande is to be measured within this many days (decision 337). */
export const MESURAGE_DELAI_JOURS = 14

export const MESURAGE_SORT_KEYS = ['echeance', 'numero', 'client', 'date'] as const

/** The step statuts the list can show, plus « tous »; by default those not done. */
export const MESURAGE_ETATS = [
  'a_faire',
  'planifiee',
  'en_cours',
  'bloquee',
  'faite',
  'tous',
] as const

export type MesurageListItem = {
  id: number
  numero: string
  client_nom: string
  objet: string
  adresse_chantier: string | null
  commercial_nom: string | null
  chef_nom: string | null
  etape_statut: EtapeStatut
  motif_blocage: string | null
  mesure_statut: 'brouillon' | 'validee' | null
  lignes: number
  echeance: string
  en_retard: boolean
}
