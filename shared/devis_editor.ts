/*
 * What the devis editor pages (esi/devis Create and Edit) receive from the server and post back
 * (COMMON.md H1 contract): lines as typed text (LigneForm), money as cents elsewhere.
 */
import type { DevisStatut, LigneForm } from './devis.js'
import type { TauxTva, Unite } from './produits.js'

/** A client as the picker shows it. */
export type DevisClientOption = {
  id: number
  nom: string
  detail: string | null
  email: string | null
  adresse_chantier: string | null
}

/** A catalogue product for the line autocomplete (prices in cents). */
export type DevisProduitOption = {
  id: number
  reference: string
  libelle: string
  unite: Unite
  prix_vente_ht: number
  taux_tva: TauxTva
}

export type DevisUserOption = { id: number; name: string }

export type DevisTexteOption = { id: number; code: string; titre: string; contenu: string }

/** The editor's form: what PUT /esi/devis/:id and POST /esi/devis take. */
export type DevisFormData = {
  client_id: number | null
  commercial_id: number | null
  date_devis: string
  valable_jusqu_au: string
  objet: string
  adresse_chantier: string
  remise_globale_pct: string
  acompte_pct: string
  intro: string
  conditions: string
  lignes: LigneForm[]
}

export type DevisRevisionItem = {
  revision: number
  created_at: string
  created_by: string | null
  url: string
}

/** One devis as its Edit page shows it. */
export type DevisEditorDevis = {
  id: number
  numero: string | null
  revision: number
  statut: DevisStatut
  lock_version: number
  client: DevisClientOption
  form: DevisFormData
  total_ht: number
  total_tva: number
  total_ttc: number
  acompte: number
  motif_annulation: string | null
  envoye_le: string | null
  accepte_le: string | null
  refuse_le: string | null
  updated_at: string
  updated_by: string | null
  apporteur: string | null
  offre_id: number | null
  /** A devis brought by a partner (decision 187): staff screens only, never printed. */
  partenaire: DevisPartenaire | null
}

/**
 * Where a devis made from a pro's offre comes from and what the partner earns: the client pays
 * the catalogue prices, the partner's discount is his commission on the total HT.
 */
export type DevisPartenaire = {
  societe: string
  /** The rate frozen at conversion ("10.00"); null on a devis made before it was kept. */
  commission_pct: string | null
  /** On the saved total HT (the editor recomputes it live with commissionApporteur). */
  commission_ht: number | null
  offre: { id: number; numero: string | null; total_ht: number } | null
}

export type DevisEditorOptions = {
  commerciaux: DevisUserOption[]
  textes: { intro: DevisTexteOption[]; conditions: DevisTexteOption[] }
}

/**
 * The esi/devis/Edit props a save can change (a sent devis saved becomes its next revision, a
 * draft again): the reload after a save asks only for these, the option lists stay as they are.
 */
export const DEVIS_AFTER_SAVE_PROPS = [
  'devis',
  'readOnly',
  'revisable',
  'transitions',
  'revisions',
  'canDelete',
  'lienClient',
] as const
