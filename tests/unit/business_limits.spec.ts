/*
 * Business limits (issue 10): quantity, unit price, line and document totals bounded so no
 * product overflows or loses precision; a keyset cursor with an impossible date is not one.
 */
import { test } from '@japa/runner'
import {
  LIMIT_MESSAGES,
  MAX_PRIX_UNITAIRE_CENTS,
  MAX_QUANTITE,
  MAX_TOTAL_CENTS,
  ligneNet,
  limitErrors,
} from '#shared/totals'
import { decodeCursor, encodeCursor } from '#services/list/keyset'

const produit = (quantite: string, prix: number, remise = '0') => ({
  type: 'produit' as const,
  quantite,
  prix_unitaire_ht: prix,
  remise_pct: remise,
  taux_tva: 21,
})

test.group('Business limits', () => {
  test('the largest allowed line stays an exact integer', ({ assert }) => {
    const product = BigInt(MAX_QUANTITE) * 1000n * BigInt(MAX_PRIX_UNITAIRE_CENTS)
    assert.isTrue(product / 1000n <= BigInt(Number.MAX_SAFE_INTEGER))
    assert.isTrue(Number.isSafeInteger(MAX_TOTAL_CENTS * 1.21))
  })

  test('quantity, unit price, line and document totals each have their French message', ({
    assert,
  }) => {
    assert.deepEqual(limitErrors([produit('1000000', 100)]), {})
    assert.deepEqual(limitErrors([produit('1000000,001', 100)]), {
      'lignes.0.quantite': LIMIT_MESSAGES.quantite,
    })
    assert.deepEqual(limitErrors([produit('1', MAX_PRIX_UNITAIRE_CENTS + 1)]), {
      'lignes.0.prix_unitaire_ht': LIMIT_MESSAGES.prix,
    })
    // 1 000 000 × 10 000 000,00 € is within each field's limit but not a line's
    assert.deepEqual(limitErrors([produit('1000000', MAX_PRIX_UNITAIRE_CENTS)]), {
      'lignes.0.quantite': LIMIT_MESSAGES.ligne,
    })
    // Two lines of 90 000 000 € HT: each fine, the document too large
    const big = produit('9', MAX_PRIX_UNITAIRE_CENTS)
    assert.equal(ligneNet(big), 9_000_000_000)
    assert.deepEqual(limitErrors([big, big]), { lignes: LIMIT_MESSAGES.document })
    // The global discount counts: 60 % off brings it back under the limit
    assert.deepEqual(limitErrors([big, big], '60'), {})
    // Texts, sections and unparsable figures are not this function's business
    assert.deepEqual(limitErrors([{ type: 'texte' }, produit('abc', 1)]), {})
  })
})

test.group('Keyset cursor with an impossible date', () => {
  const sort = [{ key: 'date', desc: true }]
  const exprs = [
    { sql: 'date_devis', cast: 'date' as const },
    { sql: 'created_at', cast: 'timestamptz' as const },
    { sql: 'id', cast: 'integer' as const },
  ]

  test('a real date decodes, an impossible one is no cursor', ({ assert }) => {
    const ok = encodeCursor(sort, ['2024-02-29', '2026-05-01 10:00:00.123+00', '7'])
    assert.deepEqual(decodeCursor(ok, sort, exprs), [
      '2024-02-29',
      '2026-05-01 10:00:00.123+00',
      '7',
    ])
    for (const [date, at] of [
      ['2026-02-29', '2026-05-01 10:00:00+00'],
      ['2026-13-01', '2026-05-01 10:00:00+00'],
      ['0000-01-01', '2026-05-01 10:00:00+00'],
      ['2026-01-01', '2026-05-01 25:00:00+00'],
      ['2026-01-01', '2026-05-01 10:61:00+00'],
      ['2026-01-01', '2026-05-01 10:00:00+99'],
      ['2026-01-01', '2026-04-31 10:00:00+00'],
    ]) {
      assert.isNull(decodeCursor(encodeCursor(sort, [date, at, '7']), sort, exprs), `${date} ${at}`)
    }
  })
})
