/*
 * The totals in the browser (jsdom): the SAME generated cases as the server test
 * (tests/unit/totals.spec.ts, fixed seed in tests/fixtures/totals_cases.ts) give the same figures
 * as the naive BigInt reference — through computeTotals directly and through the editor's live
 * totals (typed text parsed like the server parses it). Server and editor therefore agree.
 */
import { describe, expect, it } from 'vitest'
import { computeTotals, centsToInput } from '@shared/totals'
import { liveTotals } from '~/components/lignes/use_document_totals'
import type { LigneForm } from '@shared/devis'
import {
  WORKED_EXAMPLES,
  comparable,
  reference,
  sampleCases,
  scaledText,
  toInput,
  TOTALS_RUNS,
  type TotalsCase,
} from '../fixtures/totals_cases'

/** The case as the editor holds it: every figure typed as text ("1234,56"). */
function asForm(c: TotalsCase) {
  const lignes: LigneForm[] = c.lignes.map((l) =>
    l.type === 'produit'
      ? {
          type: 'produit',
          produit_id: null,
          designation: 'x',
          quantite: scaledText(l.qtyMillis, 3),
          unite: 'piece',
          prix_unitaire_ht: centsToInput(l.price),
          remise_pct: scaledText(l.remiseBp, 2),
          taux_tva: l.rate,
        }
      : {
          type: l.type,
          produit_id: null,
          designation: 'x',
          quantite: '',
          unite: null,
          prix_unitaire_ht: '',
          remise_pct: '0',
          taux_tva: null,
        }
  )
  return {
    lignes,
    remise_globale_pct: scaledText(c.remiseBp, 2),
    acompte_pct: scaledText(c.acompteBp, 2),
  }
}

describe('totals in the browser', () => {
  const cases = sampleCases()

  it(`generates the same ${TOTALS_RUNS} cases as the server test`, () => {
    expect(cases).toHaveLength(TOTALS_RUNS)
  })

  it('computeTotals equals the reference on every shared case', () => {
    for (const c of cases) expect(comparable(computeTotals(toInput(c)))).toEqual(reference(c))
  })

  it('the editor live totals (typed text) equal the reference, without errors', () => {
    for (const c of cases) {
      const live = liveTotals(asForm(c))
      expect(live.errors).toEqual({})
      expect(comparable(live.totals)).toEqual(reference(c))
    }
  })

  it('worked examples', () => {
    for (const example of WORKED_EXAMPLES) {
      const t = comparable(computeTotals(toInput(example.case)))
      for (const [key, value] of Object.entries(example.expect)) {
        expect(t[key as keyof typeof t], `${example.label}: ${key}`).toEqual(value)
      }
    }
  })

  it('an unparsable cell is reported on its cell and counts 0', () => {
    const form = asForm({
      lignes: [
        { type: 'produit', qtyMillis: 1000, price: 10000, remiseBp: 0, rate: 21 },
        { type: 'produit', qtyMillis: 1000, price: 5000, remiseBp: 0, rate: 21 },
      ],
      remiseBp: 0,
      acompteBp: 3000,
    })
    form.lignes[1] = { ...form.lignes[1], prix_unitaire_ht: 'douze' }
    form.lignes[0] = { ...form.lignes[0], quantite: '1,2345' }
    const live = liveTotals(form)
    expect(Object.keys(live.errors).sort()).toEqual([
      'lignes.0.quantite',
      'lignes.1.prix_unitaire_ht',
    ])
    expect(live.totals.total_ht).toBe(0)
    form.lignes[0] = { ...form.lignes[0], quantite: '1' }
    expect(liveTotals(form).totals.total_ttc).toBe(12100)
    expect(liveTotals({ ...form, acompte_pct: '130' }).errors.acompte_pct).toMatch(/entre 0 et 100/)
  })
})
