/*
 * Avenants (issue 12 §2, decisions 390–399): a priced amendment of a signed bdc that the customer
 * signs after the measurement sheet flagged differences. Statuts, their machine, and the pure
 * rules the server stores and the page shows: the difference against what the avenant amends,
 * the acompte difference, and which document the facture de solde invoices.
 */
import { defineMachine, required } from './state_machine.js'
import { divRound, pctBasisPoints, type Totals, type VatGroup } from './totals.js'

export const AVENANT_STATUTS = ['brouillon', 'a_signer', 'signe', 'annule'] as const
export type AvenantStatut = (typeof AVENANT_STATUTS)[number]

export const AVENANT_STATUT_LABELS: Record<AvenantStatut, string> = {
  brouillon: 'Brouillon',
  a_signer: 'À signer',
  signe: 'Signé',
  annule: 'Annulé',
}

export const AVENANT_STATUT_VARIANTS: Record<AvenantStatut, string> = {
  brouillon: 'secondary',
  a_signer: 'warning',
  signe: 'success',
  annule: 'dark',
}

/** Statuts of an avenant still in progress (one at most per commande). */
export const AVENANT_OPEN: readonly AvenantStatut[] = ['brouillon', 'a_signer']

export const AVENANT_MESSAGES = {
  motifAnnulation: 'Indiquez pourquoi l’avenant est annulé.',
  motifEcarts: 'Indiquez pourquoi les écarts sont acceptés sans avenant.',
  motifMax: 'Le motif ne peut pas dépasser 1 000 caractères.',
  sansProduit: 'L’avenant doit garder au moins une ligne de produit.',
} as const

export const MOTIF_MAX = 1000

export type AvenantContext = { statut: AvenantStatut; numero: string; motif?: string | null }

export const avenantMachine = defineMachine<
  AvenantStatut,
  'modifier' | 'presenter' | 'reprendre' | 'signer' | 'annuler',
  AvenantContext
>({
  statuts: AVENANT_STATUTS,
  labels: AVENANT_STATUT_LABELS,
  subject: 'Un avenant',
  transitions: {
    modifier: {
      from: ['brouillon'],
      refused: (c) =>
        c.statut === 'a_signer'
          ? `L’avenant ${c.numero} est présenté au client : reprenez-le avant de le modifier.`
          : `L’avenant ${c.numero} est ${AVENANT_STATUT_LABELS[c.statut].toLowerCase()} : il ne peut plus être modifié.`,
    },
    presenter: {
      from: ['brouillon'],
      to: 'a_signer',
      refused: (c) => `L’avenant ${c.numero} n’est pas un brouillon.`,
    },
    reprendre: {
      from: ['a_signer'],
      to: 'brouillon',
      refused: (c) => `L’avenant ${c.numero} n’attend pas de signature.`,
    },
    signer: {
      from: ['a_signer'],
      to: 'signe',
      refused: (c) =>
        c.statut === 'signe'
          ? `L’avenant ${c.numero} est déjà signé.`
          : c.statut === 'annule'
            ? `L’avenant ${c.numero} est annulé : il ne peut plus être signé.`
            : `L’avenant ${c.numero} doit d’abord être présenté au client (« Faire signer »).`,
    },
    annuler: {
      from: ['brouillon', 'a_signer'],
      to: 'annule',
      refused: (c) =>
        c.statut === 'signe'
          ? `L’avenant ${c.numero} est signé : il ne peut plus être annulé.`
          : `L’avenant ${c.numero} est déjà annulé.`,
      guards: [(c) => required(c.motif, AVENANT_MESSAGES.motifAnnulation)],
    },
  },
})

/** `BDC-2026-00012` + 2 → `BDC-2026-00012-A2` */
export function avenantNumero(bdcNumero: string, rang: number): string {
  return `${bdcNumero}-A${rang}`
}

export type DocumentMontants = {
  total_ht: number
  total_tva: number
  total_ttc: number
}

export type AvenantDifference = {
  difference_ht: number
  difference_tva: number
  difference_ttc: number
  /** acompte_pct of the TTC difference (negative when the avenant lowers the total). */
  acompte_difference: number
}

/**
 * The avenant's totals against what it amends (the bdc, or the last signed avenant), and the
 * acompte difference: the bdc's acompte % of the TTC difference, rounded half away from zero.
 */
export function avenantDifference(
  base: DocumentMontants,
  amended: DocumentMontants,
  acomptePct: string | number
): AvenantDifference {
  const ttc = amended.total_ttc - base.total_ttc
  return {
    difference_ht: amended.total_ht - base.total_ht,
    difference_tva: amended.total_tva - base.total_tva,
    difference_ttc: ttc,
    acompte_difference: Number(divRound(BigInt(ttc) * pctBasisPoints(acomptePct), 10_000n)),
  }
}

/** The difference of live totals (the editor) against the base. */
export function liveDifference(
  base: DocumentMontants,
  totals: Totals,
  acomptePct: string | number
): AvenantDifference {
  return avenantDifference(base, totals, acomptePct)
}

/** « + 500,00 € » / « − 120,00 € » / « 0,00 € » */
export function signedEuros(cents: number, format: (c: number) => string): string {
  if (cents > 0) return `+\u00a0${format(cents)}`
  if (cents < 0) return `−\u00a0${format(-cents)}`
  return format(0)
}

/** The document a facture de solde invoices: the bdc's lines and totals, or an avenant's. */
export type Facturable<L> = {
  source: 'bdc' | 'avenant'
  numero: string
  lignes: L[]
  remiseGlobalePct: string | number
  totalTtc: number
  tvaDetail: VatGroup[]
}

type Signable<L> = {
  numero: string
  statut: AvenantStatut
  rang: number
  lignes: L[]
  remiseGlobalePct: string | number
  totalTtc: number
  tvaDetail: VatGroup[]
}

/**
 * What the commande invoices in the end (decision 392): the last SIGNED avenant (highest rang)
 * — its lines are the whole amended document — else the bdc. Drafts, avenants waiting for the
 * signature and cancelled ones change nothing.
 */
export function documentFacturable<L>(
  bdc: Omit<Signable<L>, 'statut' | 'rang'>,
  avenants: Signable<L>[]
): Facturable<L> {
  const signed = avenants.filter((a) => a.statut === 'signe').sort((a, b) => b.rang - a.rang)[0]
  const doc = signed ?? bdc
  return {
    source: signed ? 'avenant' : 'bdc',
    numero: doc.numero,
    lignes: doc.lignes,
    remiseGlobalePct: doc.remiseGlobalePct,
    totalTtc: doc.totalTtc,
    tvaDetail: doc.tvaDetail,
  }
}
