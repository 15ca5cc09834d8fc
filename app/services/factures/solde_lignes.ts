/*
 * The lines of a facture de solde (decision 230): the bdc's lines copied as they were signed
 * (its global discount as one line per rate, so each rate's base is the bdc's), then one
 * deduction line per earlier facture (acompte, intermédiaire) and VAT rate — quantity −1 and
 * the earlier facture's base at that rate, so the net is negative and the unit price stays
 * positive (EN 16931 BR-27). Each rate's solde base is chosen with the acompte's rule
 * (basesForShares): its TTC is the bdc's TTC at that rate less the earlier factures' TTC at
 * that rate, and the TTC of all rates sums to the bdc's total less the earlier totals. When VAT
 * rounding makes that one cent off, the cent goes on the rate's last deduction line.
 */
import type { LigneData } from '#shared/devis'
import type { VatGroup } from '#shared/totals'
import { formatPct } from '#shared/document'
import { basesForShares } from '#services/factures/acompte_lignes'

export type SoldeBdc = {
  lignes: LigneData[]
  remiseGlobalePct: string | number
  totalTtc: number
  tvaDetail: VatGroup[]
}

export type EarlierFacture = {
  numero: string
  type: 'acompte' | 'intermediaire'
  totalTtc: number
  tvaDetail: VatGroup[]
}

/** A line of `amount` cents deducted (a negative net) at `rate`. */
function deduction(designation: string, amount: number, rate: number): LigneData {
  return {
    type: 'produit',
    produit_id: null,
    designation,
    quantite: amount >= 0 ? '-1' : '1',
    unite: null,
    prix_unitaire_ht: Math.abs(amount),
    remise_pct: '0',
    taux_tva: rate,
  }
}

/**
 * The document the solde invoices as soldeLignes reads it: the bdc, or the last signed avenant
 * whose lines are the whole amended document (shared/avenants.ts documentFacturable, decision 392).
 */
export function soldeSource(doc: {
  lignes: LigneData[]
  remiseGlobalePct: string | number
  totalTtc: number
  tvaDetail: VatGroup[]
}): SoldeBdc {
  return {
    lignes: doc.lignes,
    remiseGlobalePct: doc.remiseGlobalePct,
    totalTtc: doc.totalTtc,
    tvaDetail: doc.tvaDetail,
  }
}

/** What the solde still asks, TTC: the bdc's total less every earlier facture's. */
export function soldeRestant(bdc: { totalTtc: number }, earlier: { totalTtc: number }[]): number {
  return bdc.totalTtc - earlier.reduce((a, f) => a + f.totalTtc, 0)
}

export function soldeLignes(bdc: SoldeBdc, earlier: EarlierFacture[]): LigneData[] {
  const lignes: LigneData[] = bdc.lignes.map((l) => ({ ...l }))
  for (const g of bdc.tvaDetail) {
    if (g.remise === 0) continue
    lignes.push(
      deduction(
        `Remise globale de ${formatPct(bdc.remiseGlobalePct)} (TVA ${g.taux_tva}\u00a0%)`,
        g.remise,
        g.taux_tva
      )
    )
  }
  if (earlier.length === 0) return lignes

  const rates = [
    ...new Set([...bdc.tvaDetail, ...earlier.flatMap((f) => f.tvaDetail)].map((g) => g.taux_tva)),
  ].sort((a, b) => b - a)
  const sumAt = (groups: VatGroup[], rate: number, pick: (g: VatGroup) => number) =>
    groups.filter((g) => g.taux_tva === rate).reduce((a, g) => a + pick(g), 0)
  const perRate = rates.map((rate) => {
    const base = sumAt(bdc.tvaDetail, rate, (g) => g.base_ht)
    const ttc = sumAt(bdc.tvaDetail, rate, (g) => g.base_ht + g.tva)
    const deducted = earlier.reduce((a, f) => a + sumAt(f.tvaDetail, rate, (g) => g.base_ht), 0)
    const deductedTtc = earlier.reduce(
      (a, f) => a + sumAt(f.tvaDetail, rate, (g) => g.base_ht + g.tva),
      0
    )
    return { rate, base, deducted, share: ttc - deductedTtc }
  })
  const bases = basesForShares(soldeRestant(bdc, earlier), perRate, true)
  // What each rate's deductions must total for its solde base to be the chosen one
  const correction = new Map(
    perRate.map((r, i) => [r.rate, r.base - bases[i].base - r.deducted] as const)
  )

  lignes.push({
    type: 'section',
    produit_id: null,
    designation: 'Factures déjà émises, déduites',
    quantite: null,
    unite: null,
    prix_unitaire_ht: null,
    remise_pct: '0',
    taux_tva: null,
  })
  const lastOfRate = new Map<number, number>()
  earlier.forEach((f, i) =>
    f.tvaDetail.forEach((g) => {
      if (g.base_ht !== 0) lastOfRate.set(g.taux_tva, i)
    })
  )
  earlier.forEach((f, i) => {
    const what =
      f.type === 'acompte'
        ? `Acompte ${f.numero} déduit`
        : `Facture intermédiaire ${f.numero} déduite`
    for (const g of f.tvaDetail) {
      if (g.base_ht === 0) continue
      const extra = lastOfRate.get(g.taux_tva) === i ? (correction.get(g.taux_tva) ?? 0) : 0
      lignes.push(deduction(`${what} (TVA ${g.taux_tva}\u00a0%)`, g.base_ht + extra, g.taux_tva))
    }
  })
  for (const [rate, extra] of correction) {
    if (extra !== 0 && !lastOfRate.has(rate)) {
      lignes.push(
        deduction(`Ajustement d’arrondi des déductions (TVA ${rate}\u00a0%)`, extra, rate)
      )
    }
  }
  return lignes
}
