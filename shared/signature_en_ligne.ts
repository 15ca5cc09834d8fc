/*
 * The customer's online acceptance of a devis (issue 14 §1), shared by the server and the public
 * page: the optional lines as the customer ticks them, the document with its totals recomputed by
 * shared/totals.ts (the page's live figures and the server's stored ones come from the same
 * function), the canonical JSON whose SHA-256 the evidence record keeps (decision 494), and the
 * form's limits and French messages.
 */
import { optionOf, type DocumentData } from './document.js'
import type { LigneData } from './devis.js'
import { computeTotals } from './totals.js'

/** « Lu et approuvé » is typed by the customer (decision 493): these words, any case/accents. */
export const MENTION_ATTENDUE = 'Lu et approuvé'

export const SIGNATURE_EN_LIGNE_LIMITS = { signataire: 160, mention: 60, motif: 1000 } as const

export const SIGNATURE_EN_LIGNE_MESSAGES = {
  signataire: 'Indiquez votre nom et prénom (la personne qui signe).',
  mention: 'Recopiez la mention « Lu et approuvé ».',
  signature: 'Signez dans le cadre avec le doigt, un stylet ou la souris.',
  consentement: 'Cochez la case pour accepter les conditions générales du devis.',
  motif: 'Indiquez la raison de votre refus (quelques mots suffisent).',
  dejaAccepte: 'Ce devis a déjà été accepté : il ne peut pas l’être une seconde fois.',
  dejaRefuse: 'Ce devis a été refusé : il ne peut plus être accepté en ligne.',
  plusValable: 'Ce devis n’est plus valable : contactez-nous pour en recevoir une version à jour.',
  remplace:
    'Cette version du devis a été remplacée par une version plus récente : elle ne peut plus être acceptée.',
  modifie:
    'Le devis a été modifié pendant que vous le consultiez : rechargez la page pour voir la version à jour.',
  options: 'Les options choisies ne correspondent pas à ce devis : rechargez la page.',
} as const

/** « lu et approuve », « Lu et approuvé. » → the same words, whatever the case and accents. */
export function mentionValide(value: string | null | undefined): boolean {
  const simple = (s: string) =>
    s
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, ' ')
      .trim()
  return simple(value ?? '') === simple(MENTION_ATTENDUE)
}

export type EtatSignature = 'a_signer' | 'accepte' | 'refuse' | 'remplace' | 'plus_valable'

/** The customer's page of a devis (app/services/signature_en_ligne/page.ts). */
export type DevisSignaturePage = {
  etat: EtatSignature
  /** Why it cannot be signed (French), null when it can. */
  raison: string | null
  version: number
  version_actuelle: number
  document: DocumentData
  /** The version's lines (the browser recomputes the totals from them); empty unless to sign. */
  lignes: LigneData[]
  options: OptionChoice[]
  versions: { revision: number; envoye_le: string | null; actuelle: boolean; pdf_url: string }[]
  /** The general conditions of the order (the bdc's), which the customer consents to. */
  conditions_generales: string | null
  lock_version: number
  /** The link's own signed paths: the PDF of this version, the two answers. */
  urls: { pdf: string; accepter: string; refuser: string }
  /** Accepted: the acompte's payment page, while its link is valid. */
  paiement_url: string | null
  accepte_le: string | null
  refuse_le: string | null
  societe: { nom: string; email: string | null; telephone: string | null; logo: string | null }
}

/** An optional line of the devis the customer may tick: its index among the lines. */
export type OptionChoice = { index: number; designation: string; retenue: boolean }

/** The optional lines of a devis, in order, with their proposed (or chosen) state. */
export function optionsOf(lignes: LigneData[]): OptionChoice[] {
  return lignes.flatMap((l, index) =>
    l.optionnel ? [{ index, designation: l.designation, retenue: l.retenue !== false }] : []
  )
}

/** The lines with the customer's choice: `retenues` lists the indexes of the ticked options. */
export function withChoices(lignes: LigneData[], retenues: ReadonlySet<number>): LigneData[] {
  return lignes.map((l, index) => (l.optionnel ? { ...l, retenue: retenues.has(index) } : l))
}

/**
 * The document as the customer sees it with his choice of options: its line totals (running
 * sub-totals), VAT groups, totals and acompte recomputed by shared/totals.ts from the lines.
 */
export function documentWithChoices(
  doc: DocumentData,
  lignes: LigneData[],
  retenues: ReadonlySet<number>
): DocumentData {
  const chosen = withChoices(lignes, retenues)
  const totals = computeTotals({
    lignes: chosen,
    remise_globale_pct: doc.remise_globale_pct,
    acompte_pct: doc.acompte_pct ?? 0,
  })
  return {
    ...doc,
    // An option's label and bracketed amount follow the choice, like the totals
    lignes: doc.lignes.map((l, i) => {
      const { option, ...ligne } = l
      return {
        ...ligne,
        ...(chosen[i] ? optionOf(chosen[i]) : option ? { option } : {}),
        total_ht: totals.lignes[i]?.total_ht ?? l.total_ht,
      }
    }),
    total_brut_ht: totals.total_brut_ht,
    remise_globale: totals.remise_globale,
    total_ht: totals.total_ht,
    total_tva: totals.total_tva,
    total_ttc: totals.total_ttc,
    tva: totals.tva,
    acompte: doc.acompte === null || doc.acompte === undefined ? doc.acompte : totals.acompte,
  }
}

/**
 * Canonical JSON (decision 494): object keys sorted, no whitespace, `undefined` members left
 * out, numbers and strings as JSON.stringify writes them — the same value always gives the same
 * text, so its SHA-256 can be recomputed from the stored text at any time.
 */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') {
    if (typeof value === 'number' && !Number.isFinite(value)) return 'null'
    return JSON.stringify(value) ?? 'null'
  }
  if (Array.isArray(value)) {
    return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`
  }
  const entries = Object.keys(value as Record<string, unknown>)
    .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`)
  return `{${entries.join(',')}}`
}
