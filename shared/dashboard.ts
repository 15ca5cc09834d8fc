/*
 * Issue 14 §2 — the dashboards' shared rules and shapes (decisions 500–509): the follow-up delay
 * of a sent devis, the periods of the staff's « signés » figures, the DashboardPro sort keys, and
 * the props the server sends (app/services/dashboard/*.ts computes every figure in SQL).
 */
import type { Etape } from './commande_etapes.js'
import type { DevisStatut, OffreStatut } from './devis.js'

/** A devis sent this many days ago or more, still « envoyé » (no answer), is to follow up. */
export const DEVIS_A_RELANCER_JOURS = 7

export type Periode = { du: string; au: string }

/** The same calendar day one year before (29 February → 28 February). */
export function sameDayLastYear(iso: string): string {
  const year = Number(iso.slice(0, 4)) - 1
  const md = iso.slice(5)
  const leap = (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0
  return `${year}-${md === '02-29' && !leap ? '02-28' : md}`
}

/** This month and this year up to today, and last year's same periods (decision 501). */
export function signesPeriodes(today: string) {
  const lastYear = sameDayLastYear(today)
  return {
    mois: { du: `${today.slice(0, 7)}-01`, au: today },
    mois_n1: { du: `${lastYear.slice(0, 7)}-01`, au: lastYear },
    annee: { du: `${today.slice(0, 4)}-01-01`, au: today },
    annee_n1: { du: `${lastYear.slice(0, 4)}-01-01`, au: lastYear },
  }
}

export type SignesFigure = { periode: Periode; nombre: number; montant_ttc: number }

export type StaffFigures = {
  today: string
  signes: {
    mois: SignesFigure
    mois_n1: SignesFigure
    annee: SignesFigure
    annee_n1: SignesFigure
  }
  devis_a_relancer: { nombre: number; montant_ttc: number; jours: number }
  acomptes_attendus: { nombre: number; montant: number }
  /** Late commandes (the commandes list's « retard »). */
  commandes_en_retard: number
  /** By the step that is late (planned end past, not done); a commande may be late at two. */
  etapes_en_retard: { etape: Etape; nombre: number }[]
  visites_du_jour: { com: number; tec: number }
}

/** DashboardPro's sort keys (« -ca »: descending). */
export const PARTENAIRE_SORT_KEYS = [
  'nom',
  'transmises',
  'converties',
  'signees',
  'ca',
  'taux',
  'activite',
] as const
export type PartenaireSortKey = (typeof PARTENAIRE_SORT_KEYS)[number]
export const PARTENAIRE_DEFAULT_SORT = '-ca'

export type PartenaireFigures = {
  id: number
  nom: string
  /** Offres transmitted to esi in the period. */
  transmises: number
  /** …of which esi made a devis. */
  converties: number
  /** …whose bdc is signed. */
  signees: number
  /** HT total of those signed bdcs (cents). */
  ca_ht: number
  /** signées / transmises, null when none transmitted. */
  taux: number | null
  /** The last change of one of its offres (any time), ISO instant or null. */
  derniere_activite: string | null
  clients_apportes: number
}

export type OffreSuivi = {
  id: number
  numero: string | null
  objet: string
  statut: OffreStatut
  total_ttc: number
  transmise_le: string | null
  devis_id: number | null
  devis_numero: string | null
  devis_statut: DevisStatut | null
  bdc_id: number | null
  bdc_numero: string | null
  bdc_signe: boolean
}

export type ProFigures = {
  par_statut: { statut: OffreStatut; nombre: number }[]
  /** The transmitted offres by what their devis became (null: no devis yet). */
  transmises: { devis_statut: DevisStatut | null; nombre: number; signees: number }[]
  recentes: OffreSuivi[]
}

export type SocieteMembres = {
  id: number
  nom: string
  membres: { id: number; name: string; role: string }[]
}

/** « 0,42 » → « 42 % » (one decimal under 10 %). */
export function formatTaux(taux: number | null): string {
  if (taux === null) return '—'
  const pct = taux * 100
  return `${pct.toLocaleString('fr-BE', { maximumFractionDigits: pct < 10 ? 1 : 0 })} %`
}

/**
 * A devis's statut as a partner reads it on his dashboard: a draft is ESI's work in progress,
 * not « Brouillon » (a word of the staff's screens).
 */
export const DEVIS_STATUT_POUR_PARTENAIRE: Record<DevisStatut, string> = {
  brouillon: 'En préparation chez ESI',
  envoye: 'Envoyé au client',
  accepte: 'Accepté',
  refuse: 'Refusé par le client',
  expire: 'Expiré',
  annule: 'Annulé',
}
