/*
 * Issue 12 §1 (decisions 300–304): the pure rules of the commande's timeline, shared by the
 * server (app/services/commandes/etapes.ts) and the pages — the commande's statut derived from
 * its steps, where it stands, the automatic steps' statut from their facts, and which manual
 * moves a step accepts. The gates themselves are shared/commande_etapes.ts gateReason.
 */
import {
  ETAPES,
  ETAPES_AUTOMATIQUES,
  etapeFinie,
  type Etape,
  type EtapeStatut,
} from './commande_etapes.js'
import type { CommandeStatut } from './devis.js'

export type EtapeEtat = { etape: Etape; statut: EtapeStatut; prevue_fin?: string | null }

/**
 * The commande's statut from its steps (decision 301): annulée stays; terminée when every step
 * is done or not applicable; en cours once the acompte is in or any manual step has moved (the
 * withdrawal period running on its own does not count); else en attente.
 */
export function commandeStatutFrom(etapes: EtapeEtat[], annulee: boolean): CommandeStatut {
  if (annulee) return 'annulee'
  if (etapes.length > 0 && etapes.every((e) => etapeFinie(e.statut))) return 'terminee'
  const moved = etapes.some(
    (e) =>
      e.etape !== 'retractation' &&
      (e.etape === 'acompte'
        ? e.statut === 'faite'
        : e.statut !== 'a_faire' && e.statut !== 'sans_objet')
  )
  return moved ? 'en_cours' : 'en_attente'
}

/** Where the commande stands: its first step (in timeline order) not done, or null when all are. */
export function etapeCourante(etapes: EtapeEtat[]): EtapeEtat | null {
  const sorted = [...etapes].sort((a, b) => ETAPES.indexOf(a.etape) - ETAPES.indexOf(b.etape))
  return sorted.find((e) => !etapeFinie(e.statut)) ?? null
}

/** The earliest planned end (ISO date) of a step not done, or null (decision 302). */
export function prochaineEcheance(etapes: EtapeEtat[]): string | null {
  const dates = etapes
    .filter((e) => !etapeFinie(e.statut) && e.prevue_fin)
    .map((e) => e.prevue_fin!.slice(0, 10))
    .sort()
  return dates[0] ?? null
}

/** A step is late when its planned end is before today and it is not done. */
export function etapeEnRetard(e: EtapeEtat, today: string): boolean {
  return !etapeFinie(e.statut) && !!e.prevue_fin && e.prevue_fin.slice(0, 10) < today
}

export type AutoFacts = {
  acompteDu: number
  acomptePaye: number
  finRetractation: string | null
  renonciation: boolean
  today: string
  soldeEmise: boolean
}

/** The statut of the three automatic steps from their facts (decision 300). */
export function autoStatuts(f: AutoFacts): {
  acompte: EtapeStatut
  retractation: EtapeStatut
  solde: EtapeStatut
} {
  const acompte: EtapeStatut =
    f.acompteDu <= 0
      ? 'sans_objet'
      : f.acomptePaye >= f.acompteDu
        ? 'faite'
        : f.acomptePaye > 0
          ? 'en_cours'
          : 'a_faire'
  const retractation: EtapeStatut =
    f.finRetractation === null || f.renonciation
      ? 'sans_objet'
      : f.today > f.finRetractation
        ? 'faite'
        : 'en_cours'
  return { acompte, retractation, solde: f.soldeEmise ? 'faite' : 'a_faire' }
}

/** What a person may do to a step by hand (decision 303). */
export const STATUTS_MANUELS = ['en_cours', 'bloquee', 'debloquer'] as const
export type StatutManuel = (typeof STATUTS_MANUELS)[number]

/**
 * Why this manual move is refused, or null. The gate is checked apart (gateReason) for
 * « en cours ». « Faite » is never set by hand: each step has its proof (the validated sheet,
 * the supplier orders, the receipts, the signed réception, the issued facture).
 */
export function mouvementRefuse(
  etape: Etape,
  statut: EtapeStatut,
  move: StatutManuel
): string | null {
  if (ETAPES_AUTOMATIQUES.includes(etape)) {
    return 'Cette étape avance seule (paiement, calendrier, facture émise).'
  }
  if (etapeFinie(statut)) return 'Cette étape est déjà faite.'
  switch (move) {
    case 'en_cours':
      if (statut === 'en_cours') return 'Cette étape est déjà en cours.'
      if (statut === 'bloquee') return 'Cette étape est bloquée : débloquez-la d’abord.'
      return null
    case 'bloquee':
      return statut === 'bloquee' ? 'Cette étape est déjà bloquée.' : null
    case 'debloquer':
      return statut === 'bloquee' ? null : 'Cette étape n’est pas bloquée.'
  }
}

/** The statut a step goes back to when unblocked: en cours if started, planifiée if dated. */
export function statutDebloque(e: { debutReel: boolean; planifiee: boolean }): EtapeStatut {
  if (e.debutReel) return 'en_cours'
  return e.planifiee ? 'planifiee' : 'a_faire'
}

export const MOTIF_RETRACTATION = 'Client s’est rétracté'

/** Why the customer's withdrawal cannot be recorded now, or null (decision 305). */
export function retractationRefusee(f: {
  annulee: boolean
  finRetractation: string | null
  renonciation: boolean
  today: string
}): string | null {
  if (f.annulee) return 'La commande est déjà annulée.'
  if (f.finRetractation === null) return 'Aucun délai de rétractation ne court pour cette commande.'
  if (f.renonciation) return 'Le client a renoncé expressément à son délai de rétractation.'
  if (f.today > f.finRetractation) {
    const [y, m, d] = f.finRetractation.split('-')
    return `Le délai de rétractation a pris fin le ${d}/${m}/${y}.`
  }
  return null
}

/** The step pages (other parts build them); null for the automatic steps. */
export function etapeLien(etape: Etape, commandeId: number): string | null {
  switch (etape) {
    case 'mesurage':
      return `/esi/commandes/mesurage/${commandeId}`
    case 'approvisionnement':
      return `/esi/commandes/production/${commandeId}`
    case 'fourniture':
      return `/esi/commandes/fourniture/${commandeId}`
    case 'pose':
      return `/esi/commandes/${commandeId}/reception`
    default:
      return null
  }
}

/** The esi/commande/Show timeline (app/services/commandes/commande_timeline.ts). */
export type TimelineHistorique = {
  id: number
  action: string
  de: string | null
  vers: string | null
  detail: string | null
  par: string | null
  le: string
}

export type TimelineEtape = {
  etape: Etape
  statut: EtapeStatut
  responsable_id: number | null
  responsable: string | null
  prevue_debut: string | null
  prevue_fin: string | null
  debut_reel: string | null
  fin_reelle: string | null
  notes: string | null
  motif_blocage: string | null
  lock_version: number
  /** Why it cannot start now (the gate), null when open. */
  gate: string | null
  en_retard: boolean
  lien: string | null
  historique: TimelineHistorique[]
}

export type CommandeTimeline = {
  lock_version: number
  motif_annulation: string | null
  annulee_le: string | null
  retractation_recue_le: string | null
  etapes: TimelineEtape[]
  /** Events of the commande itself (cancellation, withdrawal). */
  historique: TimelineHistorique[]
  retractation: { possible: boolean; raison: string | null; fin: string | null }
  engagements: string[]
  responsables: { id: number; nom: string }[]
  peut_forcer_solde: boolean
  today: string
}
