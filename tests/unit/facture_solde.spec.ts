/*
 * The facture de solde's lines (decision 230): over random bdcs (lines at every rate, a global
 * discount) and random sequences of acompte and intermédiaire factures split per rate like the
 * pages make them, the solde's totals computed by shared/totals.ts are the bdc's less the
 * earlier factures': TTC exactly (a bdc with one non-zero rate may be one cent short, never
 * over), and per rate the TTC and the base within the cent or two VAT rounding moves.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { computeTotals, type VatGroup } from '#shared/totals'
import { splitLignes } from '#services/factures/acompte_lignes'
import { soldeLignes, type EarlierFacture } from '#services/factures/solde_lignes'
import type { LigneData } from '#shared/devis'

const RATES = [0, 6, 12, 21] as const

const ligne = (prix: number, qty: number, rate: number): LigneData => ({
  type: 'produit',
  produit_id: null,
  designation: `Article à ${rate} %`,
  quantite: String(qty),
  unite: null,
  prix_unitaire_ht: prix,
  remise_pct: '0',
  taux_tva: rate,
})

const caseArb = fc.record({
  lignes: fc.array(
    fc.record({
      prix: fc.integer({ min: 1, max: 5_000_000 }),
      qty: fc.integer({ min: 1, max: 50 }),
      rate: fc.constantFrom(...RATES),
    }),
    { minLength: 1, maxLength: 8 }
  ),
  remise: fc.integer({ min: 0, max: 2000 }),
  // Each earlier facture: a % of the bdc (basis points), an acompte first or not
  earlier: fc.array(fc.integer({ min: 1, max: 4000 }), { maxLength: 4 }),
  acompteFirst: fc.boolean(),
})

type Case = typeof caseArb extends fc.Arbitrary<infer C> ? C : never

function build(c: Case) {
  const lignes = c.lignes.map((l) => ligne(l.prix, l.qty, l.rate))
  const remise = (c.remise / 100).toFixed(2)
  const totals = computeTotals({ lignes, remise_globale_pct: remise })
  const earlier: EarlierFacture[] = []
  let left = totals.total_ttc
  c.earlier.forEach((bp, i) => {
    const amount = Math.min(left, Math.round((totals.total_ttc * bp) / 10_000))
    if (amount <= 0) return
    const made = computeTotals({ lignes: splitLignes('x', amount, totals.tva) })
    left -= made.total_ttc
    earlier.push({
      numero: `FAC-2026-0000${i + 1}`,
      type: i === 0 && c.acompteFirst ? 'acompte' : 'intermediaire',
      totalTtc: made.total_ttc,
      tvaDetail: made.tva,
    })
  })
  const bdc = {
    lignes,
    remiseGlobalePct: remise,
    totalTtc: totals.total_ttc,
    tvaDetail: totals.tva,
  }
  const solde = computeTotals({ lignes: soldeLignes(bdc, earlier), remise_globale_pct: '0' })
  return { bdc, earlier, solde }
}

const at = (groups: VatGroup[], rate: number, pick: (g: VatGroup) => number) =>
  groups.filter((g) => g.taux_tva === rate).reduce((a, g) => a + pick(g), 0)

test.group('Facture de solde', () => {
  test('its TTC is the bdc’s less the earlier factures’, per rate within rounding', ({
    assert,
  }) => {
    fc.assert(
      fc.property(caseArb, (c) => {
        const { bdc, earlier, solde } = build(c)
        const expected = bdc.totalTtc - earlier.reduce((a, f) => a + f.totalTtc, 0)
        const nonZeroRates = bdc.tvaDetail.filter((g) => g.taux_tva > 0 && g.base_ht > 0).length
        const short = expected - solde.total_ttc
        if (short < 0) return false
        if (short > 0 && (nonZeroRates > 1 || short > 1)) return false
        for (const rate of RATES) {
          const ttc = (g: VatGroup) => g.base_ht + g.tva
          const wanted =
            at(bdc.tvaDetail, rate, ttc) -
            earlier.reduce((a, f) => a + at(f.tvaDetail, rate, ttc), 0)
          const base =
            at(bdc.tvaDetail, rate, (g) => g.base_ht) -
            earlier.reduce((a, f) => a + at(f.tvaDetail, rate, (g) => g.base_ht), 0)
          if (Math.abs(at(solde.tva, rate, ttc) - wanted) > 3) return false
          if (Math.abs(at(solde.tva, rate, (g) => g.base_ht) - base) > 3) return false
        }
        return true
      }),
      { numRuns: 2000 }
    )
    assert.isTrue(true)
  })

  test('no earlier facture: the solde is the bdc, its discount as a line per rate', ({
    assert,
  }) => {
    const lignes = [ligne(100_000, 1, 21), ligne(50_000, 2, 6)]
    const totals = computeTotals({ lignes, remise_globale_pct: '10' })
    const made = soldeLignes(
      { lignes, remiseGlobalePct: '10', totalTtc: totals.total_ttc, tvaDetail: totals.tva },
      []
    )
    const solde = computeTotals({ lignes: made })
    assert.deepEqual(
      solde.tva.map((g) => [g.taux_tva, g.base_ht, g.tva]),
      totals.tva.map((g) => [g.taux_tva, g.base_ht, g.tva])
    )
    assert.equal(made[2].designation, 'Remise globale de 10\u00a0% (TVA 21\u00a0%)')
    assert.equal(made[2].quantite, '-1')
  })

  test('an acompte of 30 % then the solde: deduction lines name the facture, unit price ≥ 0', ({
    assert,
  }) => {
    const lignes = [ligne(1_000_000, 1, 21), ligne(400_000, 1, 6)]
    const totals = computeTotals({ lignes })
    const acompte = computeTotals({
      lignes: splitLignes('a', Math.round(totals.total_ttc * 0.3), totals.tva),
    })
    const made = soldeLignes(
      { lignes, remiseGlobalePct: '0', totalTtc: totals.total_ttc, tvaDetail: totals.tva },
      [
        {
          numero: 'FAC-2026-00001',
          type: 'acompte',
          totalTtc: acompte.total_ttc,
          tvaDetail: acompte.tva,
        },
      ]
    )
    const deductions = made.filter((l) => l.quantite === '-1')
    assert.deepEqual(
      deductions.map((l) => l.designation),
      [
        'Acompte FAC-2026-00001 déduit (TVA 21\u00a0%)',
        'Acompte FAC-2026-00001 déduit (TVA 6\u00a0%)',
      ]
    )
    assert.isTrue(made.every((l) => (l.prix_unitaire_ht ?? 0) >= 0))
    assert.equal(computeTotals({ lignes: made }).total_ttc, totals.total_ttc - acompte.total_ttc)
  })
})
