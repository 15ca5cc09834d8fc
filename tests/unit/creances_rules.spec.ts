/*
 * The aging rule of the créances (issue 11 §4): days late by the due date against today in
 * Brussels, and the bucket boundaries (due today is not late, 30 days late is still 0–30);
 * the period of the accountant's exports (issue 11 §5).
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { AGING_BUCKET_KEYS, agingBucket, joursRetard, retardLabel } from '#shared/creances'
import { moisPrecedent, parsePeriode } from '#shared/periode'

test.group('Créances / aging', () => {
  test('days late count calendar days from the due date', ({ assert }) => {
    assert.equal(joursRetard('2026-03-10', '2026-03-10'), 0)
    assert.equal(joursRetard('2026-03-10', '2026-03-09'), -1)
    assert.equal(joursRetard('2026-03-10', '2026-04-09'), 30)
    // Across the clock change (29 March 2026) and a leap day
    assert.equal(joursRetard('2026-03-28', '2026-03-30'), 2)
    assert.equal(joursRetard('2028-02-28', '2028-03-01'), 2)
  })

  test('bucket boundaries', ({ assert }) => {
    const cases: [number, string][] = [
      [-15, 'non_echu'],
      [-1, 'non_echu'],
      [0, 'non_echu'],
      [1, 'j0_30'],
      [30, 'j0_30'],
      [31, 'j31_60'],
      [60, 'j31_60'],
      [61, 'j61_90'],
      [90, 'j61_90'],
      [91, 'plus_90'],
      [4000, 'plus_90'],
    ]
    for (const [days, bucket] of cases) assert.equal(agingBucket(days), bucket, `${days} jours`)
  })

  test('the buckets follow the days late in order', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        (d, more) => {
          const a = AGING_BUCKET_KEYS.indexOf(agingBucket(d))
          const b = AGING_BUCKET_KEYS.indexOf(agingBucket(d + more))
          return a >= 0 && a <= b
        }
      )
    )
  })

  test('the delay as shown', ({ assert }) => {
    assert.equal(retardLabel(0), '—')
    assert.equal(retardLabel(-3), '—')
    assert.equal(retardLabel(1), '1\u00a0jour')
    assert.equal(retardLabel(45), '45\u00a0jours')
  })
})

test.group('Exports / période', () => {
  test('a real period, in order, at most three years', ({ assert }) => {
    assert.deepEqual(parsePeriode('2026-03-01', '2026-03-31').periode, {
      du: '2026-03-01',
      au: '2026-03-31',
    })
    assert.deepEqual(parsePeriode('2026-03-01', '2026-03-01').periode, {
      du: '2026-03-01',
      au: '2026-03-01',
    })
    assert.include(parsePeriode('2026-02-29', '2026-03-31').error!, 'période valide')
    assert.include(parsePeriode(undefined, '2026-03-31').error!, 'période valide')
    assert.include(parsePeriode(['2026-03-01'], '2026-03-31').error!, 'période valide')
    assert.include(parsePeriode('2026-03-02', '2026-03-01').error!, 'doit suivre')
    assert.include(parsePeriode('2023-01-01', '2026-03-31').error!, 'trop longue')
    assert.isNull(parsePeriode('2028-02-29', '2028-03-01').error)
  })

  test('last month by default', ({ assert }) => {
    assert.deepEqual(moisPrecedent('2026-03-15'), { du: '2026-02-01', au: '2026-02-28' })
    assert.deepEqual(moisPrecedent('2026-01-01'), { du: '2025-12-01', au: '2025-12-31' })
  })
})
