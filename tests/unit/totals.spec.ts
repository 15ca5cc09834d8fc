/*
 * The one totals function (shared/totals.ts), property-based (fast-check): groups add up to the
 * totals, TTC = HT + TVA, no drift against an independent BigInt reference, line order does not
 * change the totals, the global discount never makes a group negative; plus worked examples of
 * the rounding rules. The same generated cases run in the browser test (tests/front/totals.test.ts).
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { computeTotals } from '#shared/totals'
import {
  WORKED_EXAMPLES,
  comparable,
  reference,
  sampleCases,
  toInput,
  totalsCase,
  TOTALS_RUNS,
  TOTALS_SEED,
} from '#tests/fixtures/totals_cases'

const opts = { seed: TOTALS_SEED, numRuns: 500 }

test.group('Totals / properties', () => {
  test('the VAT groups add up to the totals; TTC = HT + TVA', () => {
    fc.assert(
      fc.property(totalsCase, (c) => {
        const t = computeTotals(toInput(c))
        const sum = (f: (g: (typeof t.tva)[number]) => number) =>
          t.tva.reduce((a, g) => a + f(g), 0)
        return (
          sum((g) => g.base_ht) === t.total_ht &&
          sum((g) => g.tva) === t.total_tva &&
          sum((g) => g.base_brute) === t.total_brut_ht &&
          sum((g) => g.remise) === t.remise_globale &&
          t.total_ttc === t.total_ht + t.total_tva &&
          t.total_brut_ht - t.remise_globale === t.total_ht
        )
      }),
      opts
    )
  })

  test('no drift: identical to the naive BigInt reference', ({ assert }) => {
    fc.assert(
      fc.property(totalsCase, (c) => {
        assert.deepEqual(comparable(computeTotals(toInput(c))), reference(c))
      }),
      opts
    )
  })

  test('line order does not change the totals', () => {
    const withShuffle = totalsCase.chain((c) =>
      fc
        .shuffledSubarray(c.lignes, { minLength: c.lignes.length, maxLength: c.lignes.length })
        .map((shuffled) => [c, { ...c, lignes: shuffled }] as const)
    )
    fc.assert(
      fc.property(withShuffle, ([original, shuffled]) => {
        const a = computeTotals(toInput(original))
        const b = computeTotals(toInput(shuffled))
        return (
          a.total_ht === b.total_ht &&
          a.total_tva === b.total_tva &&
          a.total_ttc === b.total_ttc &&
          a.acompte === b.acompte &&
          JSON.stringify(a.tva) === JSON.stringify(b.tva)
        )
      }),
      opts
    )
  })

  test('a global discount never makes a group negative', () => {
    fc.assert(
      fc.property(totalsCase, (c) => {
        const t = computeTotals(toInput(c))
        return t.tva.every(
          (g) => g.base_ht >= 0 && g.tva >= 0 && g.remise >= 0 && g.remise <= g.base_brute
        )
      }),
      opts
    )
  })

  test(`the ${TOTALS_RUNS} shared cases (seed ${TOTALS_SEED}) equal the reference`, ({
    assert,
  }) => {
    const cases = sampleCases()
    assert.lengthOf(cases, TOTALS_RUNS)
    for (const c of cases) assert.deepEqual(comparable(computeTotals(toInput(c))), reference(c))
  })
})

test.group('Totals / worked examples', () => {
  for (const example of WORKED_EXAMPLES) {
    test(example.label, ({ assert }) => {
      const t = comparable(computeTotals(toInput(example.case)))
      assert.deepEqual(t, reference(example.case))
      for (const [key, value] of Object.entries(example.expect)) {
        assert.deepEqual(t[key as keyof typeof t], value, key)
      }
    })
  }

  test('a bad quantity or percentage is refused, not guessed', ({ assert }) => {
    assert.throws(() =>
      computeTotals({
        lignes: [{ type: 'produit', quantite: '1,2345', prix_unitaire_ht: 100, taux_tva: 21 }],
      })
    )
    assert.throws(() => computeTotals({ lignes: [], remise_globale_pct: 'dix' }))
  })
})

test.group('Totals / options (issue 14 §1)', () => {
  const base = { type: 'produit' as const, quantite: '1', taux_tva: 21 }

  test('an unticked option is priced on its line and left out of every total', ({ assert }) => {
    const with3 = (retenue: boolean) =>
      computeTotals({
        lignes: [
          { ...base, prix_unitaire_ht: 100_000 },
          { ...base, prix_unitaire_ht: 25_000, taux_tva: 6, optionnel: true, retenue },
          { type: 'sous_total' },
        ],
        acompte_pct: 30,
      })
    const out = with3(false)
    const inn = with3(true)
    assert.equal(out.lignes[1].total_ht, 25_000)
    assert.equal(out.total_ht, 100_000)
    assert.equal(out.total_ttc, 121_000)
    assert.deepEqual(
      out.tva.map((g) => g.taux_tva),
      [21]
    )
    assert.equal(out.lignes[2].total_ht, 100_000)
    assert.equal(out.acompte, 36_300)
    // Ticked, it counts like any line
    assert.equal(inn.total_ht, 125_000)
    assert.equal(inn.total_ttc, 121_000 + 26_500)
    assert.equal(inn.lignes[2].total_ht, 125_000)
  })

  test('retenue is ignored on a line that is no option', ({ assert }) => {
    const t = computeTotals({ lignes: [{ ...base, prix_unitaire_ht: 1_000, retenue: false }] })
    assert.equal(t.total_ht, 1_000)
  })
})
