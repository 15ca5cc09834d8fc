/*
 * The lines of an acompte facture (decision 206): the acompte (cents TTC, as the bdc and its
 * demande de paiement asked it) split over the bdc's VAT rates in proportion to each rate's TTC
 * (largest remainder, so the shares sum to the acompte), then one line per rate whose base is
 * the one whose VAT — rounded per rate like shared/totals.ts does — gives back that share. When
 * a share falls on a cent that no base reaches (round(base × rate) skips values), the bases of
 * the rates are moved by a cent or two until their TTC sum is the acompte. Only a bdc with a
 * single non-zero rate can be left one cent short, never over.
 */
import type { LigneData } from '#shared/devis'
import type { VatGroup } from '#shared/totals'
import { divRound } from '#shared/totals'
import { acompteDesignation } from '#shared/factures'

/** TTC of a base at a rate, as shared/totals.ts computes it (VAT rounded half away from 0). */
export function ttcOf(base: number, rate: number): number {
  return base + Number(divRound(BigInt(base) * BigInt(Math.round(rate * 100)), 10_000n))
}

/** The base whose TTC is `target`, or the highest whose TTC stays below it. */
export function baseForTtc(target: number, rate: number): number {
  const guess = Number(divRound(BigInt(target) * 100n, BigInt(100 + rate)))
  let best = 0
  for (const h of [guess + 1, guess, guess - 1, guess - 2]) {
    if (h < 0) continue
    const ttc = ttcOf(h, rate)
    if (ttc === target) return h
    if (ttc < target && h > best) best = h
  }
  return best
}

/** Splits `total` cents over `weights` in proportion, the shares summing to `total` exactly. */
export function splitProportionally(total: number, weights: number[]): number[] {
  const sum = weights.reduce((a, w) => a + w, 0)
  if (sum <= 0) return weights.map((_, i) => (i === 0 ? total : 0))
  const raw = weights.map((w) => {
    const num = BigInt(total) * BigInt(w)
    return { floor: Number(num / BigInt(sum)), rest: num % BigInt(sum) }
  })
  let left = total - raw.reduce((a, r) => a + r.floor, 0)
  const order = raw
    .map((r, i) => ({ i, rest: r.rest }))
    .sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))
  const shares = raw.map((r) => r.floor)
  for (const { i } of order) {
    if (left <= 0) break
    shares[i] += 1
    left -= 1
  }
  return shares
}

export type AcompteSplit = { rate: number; share: number; base: number }

/**
 * Per rate, a base whose TTC (VAT rounded per rate) is near that rate's target share, the TTCs
 * summing to `total` when some combination reaches it (else the highest sum below): the bases
 * around each share's own base (±2 cents) are combined, at most 5^4 ways (four rates exist),
 * nearest to the shares first. Shares may be negative (a solde's rate fully invoiced already
 * may end a cent below zero); a base is never negative unless `allowNegative`.
 */
export function basesForShares(
  total: number,
  targets: { rate: number; share: number }[],
  allowNegative = false
): AcompteSplit[] {
  const candidates = targets.map((t) => {
    const h = t.share < 0 ? -baseForTtc(-t.share, t.rate) : baseForTtc(t.share, t.rate)
    return [h - 2, h - 1, h, h + 1, h + 2]
      .filter((b) => allowNegative || b >= 0)
      .map((b) => ({
        base: b,
        ttc: ttcOf(b, t.rate),
        gap: Math.abs(ttcOf(b, t.rate) - t.share),
      }))
  })
  let best: { picks: number[]; sum: number; gap: number } | null = null
  const walk = (i: number, picks: number[], sum: number, gap: number) => {
    if (i === candidates.length) {
      if (sum > total) return
      if (!best || sum > best.sum || (sum === best.sum && gap < best.gap))
        best = { picks: [...picks], sum, gap }
      return
    }
    candidates[i].forEach((c, j) => walk(i + 1, [...picks, j], sum + c.ttc, gap + c.gap))
  }
  walk(0, [], 0, 0)
  const chosen = best as { picks: number[] } | null
  return targets.map((t, i) => {
    const c = chosen ? candidates[i][chosen.picks[i]] : { base: 0, ttc: 0 }
    return { rate: t.rate, share: c.ttc, base: c.base }
  })
}

/**
 * An amount (cents TTC) split over a document's VAT rates in proportion to each rate's TTC:
 * the acompte of a bdc, a facture intermédiaire's % of the commande (decisions 206, 214).
 */
export function splitAmount(amount: number, groups: VatGroup[]): AcompteSplit[] {
  const used = groups.filter((g) => g.base_ht + g.tva > 0)
  if (used.length === 0) return []
  const shares = splitProportionally(
    amount,
    used.map((g) => g.base_ht + g.tva)
  )
  return basesForShares(
    amount,
    used.map((g, i) => ({ rate: g.taux_tva, share: shares[i] }))
  ).filter((s) => s.base > 0)
}

/** One produit line per VAT rate of `amount` split like splitAmount: « designation (TVA 21 %) ». */
export function splitLignes(designation: string, amount: number, groups: VatGroup[]): LigneData[] {
  const split = splitAmount(amount, groups)
  return split.map((s) => ({
    type: 'produit',
    produit_id: null,
    designation: split.length > 1 ? `${designation} (TVA ${s.rate}\u00a0%)` : designation,
    quantite: '1',
    unite: null,
    prix_unitaire_ht: s.base,
    remise_pct: '0',
    taux_tva: s.rate,
  }))
}

/** One produit line per VAT rate: « Acompte de 30 % sur le bon de commande BDC-… (TVA 21 %) ». */
export function acompteLignes(
  bdc: { numero: string; acomptePct: string; acompte: number; tvaDetail: VatGroup[] },
  groups: VatGroup[] = bdc.tvaDetail
): LigneData[] {
  return splitLignes(acompteDesignation(bdc.acomptePct, bdc.numero), bdc.acompte, groups)
}
