/*
 * Relances of unpaid factures (issue 11 §4): the three levels, when each one is due, and what a
 * mise en demeure claims from a professional client (interest and fixed indemnity). Pure rules,
 * shared by the server (proposals, sending, letter) and the pages. Money in cents; dates ISO.
 */
import { addDays, daysBetween } from './dates.js'
import { factureReste, isOpen, type FactureStatut } from './factures.js'
import { joursRetard } from './creances.js'

export const RELANCE_NIVEAUX = [1, 2, 3] as const
export type RelanceNiveau = (typeof RELANCE_NIVEAUX)[number]

export const RELANCE_NIVEAU_LABELS: Record<RelanceNiveau, string> = {
  1: 'Rappel amical',
  2: 'Rappel ferme',
  3: 'Mise en demeure',
}

export const RELANCE_CANAUX = ['email', 'courrier'] as const
export type RelanceCanal = (typeof RELANCE_CANAUX)[number]

export const RELANCE_CANAL_LABELS: Record<RelanceCanal, string> = {
  email: 'E-mail',
  courrier: 'Courrier',
}

/**
 * Days before each level is due (decision 246): level 1 that many days after the due date,
 * level 2 after level 1, level 3 after level 2. Level 2 comes at least 14 days after the first
 * reminder, so a consumer always had the 14 days of Book XIX before a firmer letter.
 */
export const RELANCE_DELAIS: Record<RelanceNiveau, number> = { 1: 7, 2: 15, 3: 15 }

/**
 * The legal rate of the law of 2 August 2002 (art. 5) for late payment in commercial
 * transactions, in % per year: the ECB's rate + 8 points, published each semester by the SPF
 * Finances in the Moniteur belge. 10,50 % since the 2nd semester 2025 (unchanged for the 1st
 * semester 2026). To update each semester (decision 247).
 */
export const TAUX_INTERET_RETARD_B2B = { pct: 10.5, depuis: '2025-07-01' } as const

/** The fixed recovery indemnity of art. 6 of the same law (B2B only), in cents. */
export const INDEMNITE_FORFAITAIRE_B2B = 4000

/** The Texte of each level (category relance_facture, migration 0540). */
export const RELANCE_TEXTE_CATEGORIE = 'relance_facture'
export const relanceTexteCode = (niveau: RelanceNiveau) => `relance_niveau_${niveau}`

export type RelanceFait = { niveau: RelanceNiveau; date: string }

export type RelanceFacture = {
  statut: FactureStatut
  numero: string | null
  echeance: string | null
  total_ttc: number
  montant_paye: number
  montant_credite: number
}

export type ProchaineRelance = {
  niveau: RelanceNiveau
  /** The day it becomes due. */
  due_le: string
  /** Due today (or earlier). */
  due: boolean
}

/**
 * The next relance of a facture: none for a draft, a paid, cancelled or fully credited one, one
 * not yet due, or once the mise en demeure is sent; else the level after the last one sent,
 * due at the last one's date (the due date for level 1) + its delay.
 */
export function prochaineRelance(
  facture: RelanceFacture,
  faites: RelanceFait[],
  today: string
): ProchaineRelance | null {
  if (!facture.numero || !facture.echeance || !isOpen(facture.statut)) return null
  if (factureReste(facture) <= 0) return null
  const last = faites.reduce<RelanceFait | null>(
    (max, r) => (!max || r.niveau > max.niveau ? r : max),
    null
  )
  const niveau = ((last?.niveau ?? 0) + 1) as RelanceNiveau
  if (niveau > 3) return null
  const from = last ? last.date : facture.echeance
  const dueLe = addDays(from, RELANCE_DELAIS[niveau])
  return { niveau, due_le: dueLe, due: daysBetween(dueLe, today) >= 0 }
}

/** Calendar days since the due date (the créances' rule), 0 before it. */
export function joursDeRetard(echeance: string, today: string): number {
  return Math.max(0, joursRetard(echeance, today))
}

/**
 * What a mise en demeure claims from a professional client: simple interest on what is still
 * due, at the legal rate, from the day after the due date to today (days / 365), and the fixed
 * indemnity. Nothing for a consumer (decision 248), nor below level 3.
 */
export function montantsRelance(input: {
  niveau: RelanceNiveau
  professionnel: boolean
  reste: number
  joursRetard: number
}): { interets: number; indemnite: number; total: number } {
  if (input.niveau < 3 || !input.professionnel || input.reste <= 0) {
    return { interets: 0, indemnite: 0, total: input.reste }
  }
  const interets = Math.round(
    (input.reste * TAUX_INTERET_RETARD_B2B.pct * input.joursRetard) / (100 * 365)
  )
  const indemnite = INDEMNITE_FORFAITAIRE_B2B
  return { interets, indemnite, total: input.reste + interets + indemnite }
}

/** « 10,50 % » */
export function formatTaux(pct: number): string {
  return `${new Intl.NumberFormat('fr-BE', { minimumFractionDigits: 2 }).format(pct)}\u00a0%`
}

/** One relance as the facture page's « Relances » block lists it. */
export type RelanceRow = {
  id: number
  niveau: RelanceNiveau
  date_relance: string
  canal: RelanceCanal
  envoye_par: string | null
  mail_envoye: boolean
  destinataire: string | null
  total: number
}

/** A proposal of the morning list (esi/compta/relances). */
export type RelanceProposition = {
  facture_id: number
  numero: string
  client_nom: string
  client_email: string | null
  professionnel: boolean
  echeance: string
  jours_retard: number
  reste: number
  niveau: RelanceNiveau
  due_le: string
}

/**
 * The legal paragraph printed after the text of a relance, by code and not by the Texte, so an
 * edited text can never drop or overstate it (decision 248). Professional client: the law of
 * 2 August 2002 (interest and 40 € due by law; claimed in figures at level 3). Consumer: Book XIX
 * of the Code de droit économique — the first reminder is free and opens 14 days without costs;
 * later levels claim nothing beyond what is due and only announce, within the legal limits.
 */
export function relanceMentionLegale(input: {
  niveau: RelanceNiveau
  professionnel: boolean
  reste: string
  interets: string
  indemnite: string
  total: string
  taux: string
  joursRetard: number
  datePremierRappel: string | null
}): string {
  const { niveau } = input
  if (input.professionnel) {
    if (niveau < 3) {
      return 'Nous vous rappelons que, conformément à la loi du 2 août 2002 concernant la lutte contre le retard de paiement dans les transactions commerciales, tout montant impayé à l’échéance porte de plein droit et sans mise en demeure un intérêt de retard au taux légal et donne droit à une indemnité forfaitaire pour frais de recouvrement de 40 €.'
    }
    return `Conformément aux articles 5 et 6 de la loi du 2 août 2002 concernant la lutte contre le retard de paiement dans les transactions commerciales, nous vous mettons en demeure de nous payer dans les 8 jours la somme de ${input.total}, soit le solde de la facture (${input.reste}), les intérêts de retard au taux légal de ${input.taux} l’an pour ${input.joursRetard} jours de retard (${input.interets}) et l’indemnité forfaitaire pour frais de recouvrement (${input.indemnite}). À défaut, nous nous réservons le droit de poursuivre le recouvrement par toute voie de droit, sans autre avis.`
  }
  if (niveau === 1) {
    return 'Ce premier rappel est gratuit. Si le montant dû nous parvient dans les 14 jours calendrier qui suivent le jour de l’envoi de ce rappel par voie électronique, ou le troisième jour ouvrable qui suit son envoi par courrier, aucuns frais, intérêts ni indemnité ne vous seront réclamés (livre XIX du Code de droit économique).'
  }
  const depuis = input.datePremierRappel
    ? `Le délai de 14 jours qui suivait notre premier rappel gratuit du ${input.datePremierRappel} est écoulé.`
    : 'Le délai de 14 jours qui suivait notre premier rappel gratuit est écoulé.'
  if (niveau === 2) {
    return `${depuis} Nous vous demandons de régler sans tarder le montant de ${input.reste}. À défaut, des intérêts de retard et une indemnité forfaitaire pourront vous être réclamés, dans les limites fixées par le livre XIX du Code de droit économique.`
  }
  return `${depuis} Nous vous mettons en demeure de nous payer dans les 15 jours la somme de ${input.reste}. À défaut, nous nous réservons le droit de réclamer des intérêts de retard au taux d’intérêt légal et une indemnité forfaitaire, dans les limites fixées par le livre XIX du Code de droit économique, et de poursuivre le recouvrement par toute voie de droit.`
}
