/*
 * What the avenant page (esi/commande/Avenant, issue 12 §2) receives about the écarts and the
 * avenant, shared by its parts.
 */
import type { LigneForm } from '@shared/devis'
import type { AvenantStatut } from '@shared/avenants'

export type Ecart = { champ: string; devis: string; mesure: string; message: string }

export type EcartRow = {
  mesure_ligne_id: number
  bdc_ligne_id: number | null
  repere: string
  designation: string
  quantite: number
  largeur_mm: number | null
  hauteur_mm: number | null
  ecarts: Ecart[]
}

export type AvenantProp = {
  id: number
  numero: string
  statut: AvenantStatut
  motif: string
  motif_annulation: string | null
  lock_version: number
  remise_globale_pct: string
  lignes: (LigneForm & { total_ht: number | null })[]
  origines: (number | null)[]
  total_ht: number
  total_tva: number
  total_ttc: number
  base_total_ht: number
  base_total_tva: number
  base_total_ttc: number
  difference_ht: number
  difference_tva: number
  difference_ttc: number
  acompte_pct: string
  acompte_difference: number
  signe_le: string | null
  signataire: string | null
  pdf_url: string
  fichier_id: number | null
  document_url: string | null
  demande: { id: number; numero: string; montant: number; url: string } | null
}

/** A line of the bdc in force (the écarts name it when the measured row has no designation). */
export type BdcLigne = {
  id: number
  designation: string
  quantite: string | null
  prix_unitaire_ht: number | null
  total_ht: number | null
}
