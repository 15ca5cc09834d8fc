/*
 * Notes de crédit (issue 11 §2): statuts, kinds and what stays creditable on a facture, shared by
 * the server (which decides) and the « Créer une note de crédit » form (which shows the limits).
 * Money in cents; quantities as text with up to 3 decimals.
 */
import { parseScaled } from './totals.js'

export const NOTE_CREDIT_STATUTS = ['brouillon', 'emise'] as const
export type NoteCreditStatut = (typeof NOTE_CREDIT_STATUTS)[number]

export const NOTE_CREDIT_STATUT_LABELS: Record<NoteCreditStatut, string> = {
  brouillon: 'Brouillon',
  emise: 'Émise',
}

export const NOTE_CREDIT_STATUT_VARIANTS: Record<NoteCreditStatut, string> = {
  brouillon: 'secondary',
  emise: 'info',
}

/** total: everything still creditable; lignes: chosen lines and quantities; montant: HT per rate. */
export const NOTE_CREDIT_KINDS = ['total', 'lignes', 'montant'] as const
export type NoteCreditKind = (typeof NOTE_CREDIT_KINDS)[number]

export const NOTE_CREDIT_KIND_LABELS: Record<NoteCreditKind, string> = {
  total: 'Totale',
  lignes: 'Lignes choisies',
  montant: 'Montant par taux de TVA',
}

export const NOTE_CREDIT_SORT_KEYS = ['numero', 'date', 'total', 'client'] as const

export type NoteCreditListItem = {
  id: number
  numero: string | null
  facture_id: number
  facture_numero: string | null
  client_id: number
  client_nom: string
  kind: NoteCreditKind
  motif: string
  date_nc: string | null
  total_ttc: number
  statut: NoteCreditStatut
  created_at: string
}

/** Quantities in thousandths (numeric(12,3)), so sums are exact. */
export function quantiteMilli(value: string | number | null | undefined): bigint {
  return parseScaled(value ?? '0', 3) ?? 0n
}

export function milliToText(milli: bigint): string {
  const sign = milli < 0n ? '-' : ''
  const abs = milli < 0n ? -milli : milli
  const units = abs / 1000n
  const decimals = String(abs % 1000n)
    .padStart(3, '0')
    .replace(/0+$/, '')
  return `${sign}${units}${decimals ? `,${decimals}` : ''}`
}

/**
 * What stays creditable per facture line: its quantity less the quantities issued notes de
 * crédit already took (keyed by facture line id, in thousandths).
 */
export function creditableQuantities(
  factureLignes: { id: number; type: string; quantite: string | null }[],
  credited: { facture_ligne_id: number | null; quantite: string | null }[]
): Map<number, bigint> {
  const taken = new Map<number, bigint>()
  for (const l of credited) {
    if (l.facture_ligne_id === null) continue
    taken.set(l.facture_ligne_id, (taken.get(l.facture_ligne_id) ?? 0n) + quantiteMilli(l.quantite))
  }
  const left = new Map<number, bigint>()
  for (const l of factureLignes) {
    if (l.type !== 'produit') continue
    const rest = quantiteMilli(l.quantite) - (taken.get(l.id) ?? 0n)
    left.set(l.id, rest > 0n ? rest : 0n)
  }
  return left
}

/** What a facture may still be credited (cents): its total less issued notes de crédit. */
export function creditableTtc(f: { total_ttc: number; montant_credite: number }): number {
  return Math.max(0, f.total_ttc - f.montant_credite)
}
