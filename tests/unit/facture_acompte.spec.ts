/*
 * The acompte facture's lines (decision 206): split per VAT rate of the bdc so that, once the
 * facture's totals are computed by shared/totals.ts like every document's, the TTC is the
 * acompte to the cent (a single non-zero rate may fall one cent short, never over); the machine
 * and the communication of a facture.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { computeTotals } from '#shared/totals'
import {
  acompteLignes,
  baseForTtc,
  splitAmount,
  splitProportionally,
  ttcOf,
} from '#services/factures/acompte_lignes'
import { factureCommunication } from '#services/factures/facture_service'
import { factureMachine } from '#shared/machines/facture'
import { isEnRetard } from '#shared/factures'
import { isValidStructuredCommunication } from '#shared/validation/belgium'

const RATES = [0, 6, 12, 21] as const

/** A bdc's totals from random lines (the rates it has, its acompte %). */
const bdcArb = fc
  .record({
    lignes: fc.array(
      fc.record({
        prix: fc.integer({ min: 1, max: 5_000_000 }),
        qty: fc.integer({ min: 1, max: 50 }),
        rate: fc.constantFrom(...RATES),
      }),
      { minLength: 1, maxLength: 8 }
    ),
    remise: fc.integer({ min: 0, max: 2000 }),
    pct: fc.integer({ min: 1, max: 10000 }),
  })
  .map(({ lignes, remise, pct }) => {
    const totals = computeTotals({
      lignes: lignes.map((l) => ({
        type: 'produit' as const,
        quantite: String(l.qty),
        prix_unitaire_ht: l.prix,
        taux_tva: l.rate,
      })),
      remise_globale_pct: (remise / 100).toFixed(2),
      acompte_pct: (pct / 100).toFixed(2),
    })
    return {
      numero: 'BDC-2026-00012',
      acomptePct: (pct / 100).toFixed(2),
      acompte: totals.acompte,
      tvaDetail: totals.tva,
    }
  })

const factureTtc = (bdc: Parameters<typeof acompteLignes>[0]) =>
  computeTotals({ lignes: acompteLignes(bdc), remise_globale_pct: '0' }).total_ttc

test.group('Acompte facture split', () => {
  test('the shares sum to the total exactly, in proportion', ({ assert }) => {
    assert.deepEqual(splitProportionally(100, [1, 1, 1]), [34, 33, 33])
    assert.deepEqual(splitProportionally(1000, [300, 700]), [300, 700])
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.array(fc.integer({ min: 1, max: 10_000_000_000 }), { minLength: 1, maxLength: 4 }),
        (total, weights) => splitProportionally(total, weights).reduce((a, b) => a + b, 0) === total
      )
    )
  })

  test('a base gives back its TTC when one exists, else the highest below', ({ assert }) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 10_000_000_000 }),
        fc.constantFrom(...RATES),
        (t, r) => {
          const h = baseForTtc(t, r)
          const ttc = ttcOf(h, r)
          return ttc <= t && ttcOf(h + 1, r) > t
        }
      )
    )
    // 21 %: 121 cents TTC = 100 HT + 21 TVA
    assert.equal(baseForTtc(121, 21), 100)
  })

  test('the facture of the acompte totals the acompte: exact with several rates or a 0 % one, never over', () => {
    fc.assert(
      fc.property(bdcArb, (bdc) => {
        const ttc = factureTtc(bdc)
        const rates = bdc.tvaDetail.filter((g) => g.base_ht + g.tva > 0).map((g) => g.taux_tva)
        if (ttc > bdc.acompte) return false
        // One cent short only when a single non-zero rate cannot reach the amount
        if (ttc < bdc.acompte) return bdc.acompte - ttc === 1 && rates.length === 1 && rates[0] > 0
        return true
      }),
      { numRuns: 2000, seed: 20261123 }
    )
  })

  test('worked example: 6 % and 21 % (the test bdc), one line per rate, exact', ({ assert }) => {
    // Fenêtre 2 × 450 € −10 % at 6 %, porte 1 800 € at 21 %; acompte 30 %
    const totals = computeTotals({
      lignes: [
        { type: 'produit', quantite: '2', prix_unitaire_ht: 45000, remise_pct: '10', taux_tva: 6 },
        { type: 'produit', quantite: '1', prix_unitaire_ht: 180000, taux_tva: 21 },
      ],
      acompte_pct: '30',
    })
    const bdc = {
      numero: 'BDC-2026-00001',
      acomptePct: '30.00',
      acompte: totals.acompte,
      tvaDetail: totals.tva,
    }
    const lignes = acompteLignes(bdc)
    assert.lengthOf(lignes, 2)
    assert.equal(
      lignes[0].designation,
      'Acompte de 30\u00a0% sur le bon de commande BDC-2026-00001 (TVA 21\u00a0%)'
    )
    assert.equal(factureTtc(bdc), totals.acompte)
    const split = splitAmount(bdc.acompte, bdc.tvaDetail)
    assert.deepEqual(
      split.map((s) => s.rate),
      [21, 6]
    )
  })
})

test.group('Facture machine and communication', () => {
  test('FAC numbers give a valid structured communication distinct from a DP one', ({ assert }) => {
    const c = factureCommunication('FAC-2026-00042')
    assert.isTrue(isValidStructuredCommunication(c))
    assert.equal(c.replace(/\D/g, '').slice(0, 10), '2650000042')
    assert.throws(() => factureCommunication('DP-2026-00042'))
  })

  test('only a draft is issued or deleted; an empty draft is not issued', ({ assert }) => {
    const draft = { statut: 'brouillon' as const, numero: null }
    assert.isNull(
      factureMachine.reasonWhyNot('emettre', { ...draft, lignesProduit: 1, totalTtc: 100 })
    )
    assert.equal(
      factureMachine.reasonWhyNot('emettre', { ...draft, lignesProduit: 0 }),
      'Une facture sans ligne de produit ne peut pas être émise.'
    )
    const emise = { statut: 'emise' as const, numero: 'FAC-2026-00001' }
    assert.include(factureMachine.reasonWhyNot('supprimer', emise)!, 'FAC-2026-00001 est émise')
    assert.include(factureMachine.reasonWhyNot('emettre', emise)!, 'une seconde fois')
    assert.deepEqual(factureMachine.targets('brouillon'), ['emise'])
  })

  test('« en retard » is derived: open and past its due date', ({ assert }) => {
    assert.isTrue(isEnRetard({ statut: 'emise', echeance: '2026-03-01' }, '2026-03-02'))
    assert.isFalse(isEnRetard({ statut: 'emise', echeance: '2026-03-02' }, '2026-03-02'))
    assert.isFalse(isEnRetard({ statut: 'payee', echeance: '2026-03-01' }, '2026-04-01'))
    assert.isTrue(
      isEnRetard({ statut: 'partiellement_payee', echeance: '2026-03-01' }, '2026-04-01')
    )
  })
})
