/*
 * A document editor's live totals (devis and offre): the lines as typed (text) parsed like the server parses them
 * (shared/money.ts, shared/totals.ts) and given to computeTotals — the very function whose
 * result the server stores, so the figures shown are the figures saved. A cell that does not
 * parse is reported (French message on that cell) and counts 0 until it is fixed.
 */
import { useMemo } from 'react'
import { MoneyFormatError, parseMoney } from '@shared/money'
import {
  computeTotals,
  limitErrors,
  parseScaled,
  type Totals,
  type TotalsLigneInput,
} from '@shared/totals'
import type { LigneForm } from '@shared/devis'

export type TotalsForm = {
  lignes: LigneForm[]
  remise_globale_pct: string
  /** A devis only (an offre has no acompte). */
  acompte_pct?: string
}

export type LiveTotals = {
  totals: Totals
  /** Client-side messages keyed like the server's (`lignes.2.prix_unitaire_ht`). */
  errors: Record<string, string>
  /** The server's business limits (shared/totals.ts `limitErrors`), keyed the same way. */
  limits: Record<string, string>
}

const QTY_MESSAGE = 'Quantité invalide : au plus 3 décimales (ex. 2,5).'
const PCT_MESSAGE = 'Pourcentage invalide : au plus 2 décimales, entre 0 et 100.'

function pct(value: string, key: string, errors: Record<string, string>): string {
  const scaled = parseScaled(value, 2)
  if (scaled === null || scaled < 0n || scaled > 10_000n) {
    errors[key] = PCT_MESSAGE
    return '0'
  }
  return value
}

export function liveTotals(form: TotalsForm): LiveTotals {
  const errors: Record<string, string> = {}
  const lignes: TotalsLigneInput[] = form.lignes.map((l, i) => {
    if (l.type !== 'produit') return { type: l.type }
    const at = (f: string) => `lignes.${i}.${f}`
    let prix = 0
    try {
      prix = parseMoney(l.prix_unitaire_ht)
    } catch (error) {
      errors[at('prix_unitaire_ht')] =
        error instanceof MoneyFormatError ? error.message : 'Montant invalide.'
    }
    let quantite = l.quantite
    const q = parseScaled(quantite, 3)
    if (q === null || q < 0n) {
      errors[at('quantite')] = QTY_MESSAGE
      quantite = '0'
    }
    return {
      type: 'produit',
      quantite,
      prix_unitaire_ht: prix,
      remise_pct: pct(l.remise_pct, at('remise_pct'), errors),
      taux_tva: l.taux_tva ?? 0,
      optionnel: l.optionnel,
      retenue: l.retenue,
    }
  })
  const remise = pct(form.remise_globale_pct, 'remise_globale_pct', errors)
  const totals = computeTotals({
    lignes,
    remise_globale_pct: remise,
    acompte_pct:
      form.acompte_pct === undefined ? undefined : pct(form.acompte_pct, 'acompte_pct', errors),
  })
  // The server's business limits (issue 10), shown on the cell before saving
  return { totals, errors, limits: limitErrors(lignes, remise) }
}

export function useDocumentTotals(form: TotalsForm): LiveTotals {
  const { lignes, remise_globale_pct: remise, acompte_pct: acompte } = form
  return useMemo(
    () => liveTotals({ lignes, remise_globale_pct: remise, acompte_pct: acompte }),
    [lignes, remise, acompte]
  )
}
