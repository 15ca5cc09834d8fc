/*
 * Types shared by the measurement sheet's page (esi/mesurage Show) and its parts.
 */
export type Photo = {
  id: number
  mesure_ligne_id: number | null
  nom: string
  legende: string | null
}

export type SyncState = 'idle' | 'sending' | 'error' | 'refused'
