/*
 * What a facture still asks and the statut it implies (issue 11): the one rule payments and
 * notes de crédit go through.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { factureReste, statutFromAmounts } from '#shared/factures'

const f = (total_ttc: number, montant_paye: number, montant_credite = 0) => ({
  total_ttc,
  montant_paye,
  montant_credite,
})

test.group('Facture / reste and statut', () => {
  test('worked examples', ({ assert }) => {
    assert.equal(factureReste(f(121_00, 21_00, 50_00)), 50_00)
    assert.equal(statutFromAmounts(f(121_00, 0)), 'emise')
    assert.equal(statutFromAmounts(f(121_00, 1)), 'partiellement_payee')
    assert.equal(statutFromAmounts(f(121_00, 0, 21_00)), 'partiellement_payee')
    assert.equal(statutFromAmounts(f(121_00, 121_00)), 'payee')
    assert.equal(statutFromAmounts(f(121_00, 100_00, 21_00)), 'payee')
    // All credited, nothing paid: the facture is cancelled by its notes de crédit
    assert.equal(statutFromAmounts(f(121_00, 0, 121_00)), 'annulee')
  })

  test('the statut always agrees with what is left', ({ assert }) => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        (total, paye, credite) => {
          fc.pre(paye + credite <= total)
          const statut = statutFromAmounts(f(total, paye, credite))
          const reste = factureReste(f(total, paye, credite))
          if (reste === 0) assert.oneOf(statut, ['payee', 'annulee'])
          if (reste > 0 && paye + credite > 0) assert.equal(statut, 'partiellement_payee')
          if (paye + credite === 0) assert.equal(statut, 'emise')
        }
      )
    )
  })
})
