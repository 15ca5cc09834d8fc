/*
 * Offres of the pro portal (DESIGN.md §1 "Pro: Contact ─► Offre ─(transmise)─► Devis"): the rules
 * the server and the React pages share — partner prices, who may edit in which statut, what esi
 * sees — and the shapes the pages exchange with the server.
 */
import { divRound, formatEuros, pctBasisPoints } from './totals.js'
import { formatPct } from './document.js'
import type { LigneForm, OffreStatut } from './devis.js'
import type { VatGroup } from './totals.js'
import { offreMachine } from './machines/offre.js'

/**
 * The partner price of a catalogue product for a pro société: the catalogue price less the
 * société's partner discount, rounded to the cent (half away from zero). The one function used
 * when a pro picks a product (the server fills the price in; the pro may still change it).
 */
export function partnerPrice(prixVenteHt: number, remisePartenairePct: string | number): number {
  const bp = pctBasisPoints(remisePartenairePct)
  const clamped = bp < 0n ? 0n : bp > 10_000n ? 10_000n : bp
  return Number(divRound(BigInt(Math.round(prixVenteHt)) * (10_000n - clamped), 10_000n))
}

/**
 * The apporteur's commission on a devis made from his offre (decision 187): the devis total HT
 * × the rate frozen at conversion (the société's partner discount then), rounded to the cent
 * (half away from zero). The end client pays the catalogue price; ESI owes the partner this.
 */
export function commissionApporteur(totalHt: number, commissionPct: string | number): number {
  const bp = pctBasisPoints(commissionPct)
  const clamped = bp < 0n ? 0n : bp > 10_000n ? 10_000n : bp
  return Number(divRound(BigInt(Math.round(totalHt)) * clamped, 10_000n))
}

/** « Commission partenaire (Société X, 10 %) : 123,45 € HT » — staff screens only, never printed. */
export function commissionLabel(societe: string, commissionPct: string | number, totalHt: number) {
  return `Commission partenaire (${societe}, ${formatPct(commissionPct)})\u00a0: ${formatEuros(
    commissionApporteur(totalHt, commissionPct)
  )} HT`
}

/** Statuts in which the pro may still change the content (a sent offre: as a new version). */
export const OFFRE_EDITABLE: OffreStatut[] = ['brouillon', 'envoyee']

/** What esi sees: an offre exists for it once the pro has transmitted it. */
export const OFFRE_VISIBLE_BY_ESI: OffreStatut[] = ['transmise', 'acceptee', 'refusee']

/** Statuts from which the offre may be sent (again) to the contact (its state machine). */
export const OFFRE_ENVOYABLE: readonly OffreStatut[] = offreMachine.from('envoyer')

/** Statuts from which the pro may transmit it to esi. */
export const OFFRE_TRANSMISSIBLE: readonly OffreStatut[] = offreMachine.from('transmettre')

export function isOffreEditable(statut: OffreStatut): boolean {
  return OFFRE_EDITABLE.includes(statut)
}

/** Default validity of an offre (like a devis). */
export const OFFRE_VALIDITE_JOURS = 30

export const OFFRE_LIMITS = {
  objet: 200,
  adresse_chantier: 300,
  texte: 10_000,
} as const

/** The header fields as the editor holds and posts them (with `lignes: LigneForm[]`). */
export type OffreFormValues = {
  societe_id: number | null
  contact_id: number | null
  date_offre: string
  valable_jusqu_au: string
  objet: string
  adresse_chantier: string
  remise_globale_pct: string
  intro: string
  conditions: string
  lignes: LigneForm[]
}

/** A pro société the user may write offres for, with its partner discount. */
export type OffreSocieteOption = {
  id: number
  nom: string
  remise_partenaire_pct: string
}

export type OffreContactOption = {
  id: number
  societe_id: number
  nom: string
  email: string | null
  adresse: string | null
}

/** A catalogue product as the pro's picker shows it: partner price, never the purchase price. */
export type OffreProduitOption = {
  id: number
  reference: string
  libelle: string
  description: string | null
  unite: string
  taux_tva: number
  /** Catalogue price, cents. */
  prix_catalogue_ht: number
  /** The price filled in the line (partnerPrice), cents. */
  prix_partenaire_ht: number
}

export type OffreRow = {
  id: number
  numero: string | null
  statut: OffreStatut
  objet: string
  date_offre: string
  contact: string
  societe: { id: number; nom: string }
  total_ht: number
  total_ttc: number
  transmise_le: string | null
  devis_id: number | null
}

export type OffreDetail = {
  id: number
  numero: string | null
  statut: OffreStatut
  lock_version: number
  /** Versions of a sent offre: editing it makes the next one (offre_revisions). */
  revision: number
  societe: { id: number; nom: string; remise_partenaire_pct: string }
  contact_id: number
  contact: string
  contact_email: string | null
  date_offre: string
  valable_jusqu_au: string
  objet: string
  adresse_chantier: string
  remise_globale_pct: string
  intro: string
  conditions: string
  lignes: (LigneForm & { total_ht: number | null })[]
  total_ht: number
  total_tva: number
  total_ttc: number
  tva_detail: VatGroup[]
  envoyee_le: string | null
  transmise_le: string | null
  devis_id: number | null
  auteur: string | null
  updated_at: string
}

/** What the user may do with an offre, as decided on the server. */
export type OffreAbilities = {
  edit: boolean
  envoyer: boolean
  transmettre: boolean
  to_devis: boolean
}
