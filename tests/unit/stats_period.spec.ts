/*
 * The period of the devis statistics and the analyses (parseStatsParams, decision 810): the
 * default period, the 60-month limit and the page's « today » are calendar arithmetic on ISO
 * text, no luxon. They must give what luxon gave (kept here as the oracle) for any day of
 * 1900–2999, month ends and leap days often, and any instant for « today ».
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { defaultPeriod, parseStatsParams } from '#services/devis_list/devis_stats'
import { addMonths, todayIso } from '#shared/dates'
import { STATS_MAX_MONTHS } from '#shared/devis_list'
import { TIME_ZONE } from '#shared/app'

/** The former default period, from a Brussels DateTime. */
function formerDefault(now: DateTime) {
  return {
    du: now.minus({ months: 11 }).startOf('month').toISODate()!,
    au: now.toISODate()!,
  }
}

/** The former limit: au brought back when du → au holds at least 60 months. */
function formerLimit(du: string, au: string): string {
  const start = DateTime.fromISO(du)
  if (DateTime.fromISO(au).diff(start, 'months').months >= STATS_MAX_MONTHS) {
    return start.plus({ months: STATS_MAX_MONTHS }).minus({ days: 1 }).toISODate()!
  }
  return au
}

const iso = (d: Date) => d.toISOString().slice(0, 10)
/** Any day of 1900–2999, the firsts and lasts of months and 29 February often. */
const day = fc.oneof(
  fc.date({ min: new Date('1900-01-01'), max: new Date('2999-12-31'), noInvalidDate: true }),
  fc
    .record({ y: fc.integer({ min: 1900, max: 2999 }), m: fc.integer({ min: 1, max: 12 }) })
    .map(({ y, m }) => new Date(Date.UTC(y, m, 0))),
  fc
    .record({ y: fc.integer({ min: 1900, max: 2999 }), m: fc.integer({ min: 0, max: 11 }) })
    .map(({ y, m }) => new Date(Date.UTC(y, m, 1))),
  fc.integer({ min: 1900, max: 2999 }).map((y) => new Date(Date.UTC(y, 1, 29)))
)

test.group('Statistics period without luxon', () => {
  test('a month later keeps the day or clamps it to the month end', ({ assert }) => {
    assert.equal(addMonths('2026-01-31', 1), '2026-02-28')
    assert.equal(addMonths('2024-02-29', 60), '2029-02-28')
    assert.equal(addMonths('2026-03-15', -11), '2025-04-15')
    assert.equal(addMonths('2026-12-31', 2), '2027-02-28')
    fc.assert(
      fc.property(day, fc.integer({ min: -120, max: 120 }), (d, months) => {
        const from = iso(d)
        const later = addMonths(from, months)
        if (later < '1900' || later > '3000') return
        assert.equal(
          later,
          DateTime.fromISO(from).plus({ months }).toISODate(),
          `${from} ${months}`
        )
      }),
      { numRuns: 3000 }
    )
  })

  test('the default period and today are what luxon gave in Brussels', ({ assert }) => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2000-01-01'), max: new Date('2999-01-01'), noInvalidDate: true }),
        (instant) => {
          const brussels = DateTime.fromJSDate(instant).setZone(TIME_ZONE)
          const today = todayIso(instant)
          assert.equal(today, brussels.toISODate(), instant.toISOString())
          assert.deepEqual(defaultPeriod(today), formerDefault(brussels), instant.toISOString())
        }
      ),
      { numRuns: 3000 }
    )
    // Across the night of the clock change and the year's end, at the minute
    for (const at of ['2026-03-28T23:30:00Z', '2026-10-24T22:30:00Z', '2026-12-31T23:30:00Z']) {
      const instant = new Date(at)
      assert.equal(todayIso(instant), DateTime.fromJSDate(instant).setZone(TIME_ZONE).toISODate())
    }
    assert.deepEqual(defaultPeriod(), formerDefault(DateTime.now().setZone(TIME_ZONE)))
  })

  test('the 60-month limit brings au back as luxon did', ({ assert }) => {
    const limited = parseStatsParams({ du: '2020-02-29', au: '2026-01-01' })
    assert.equal(limited.au, '2025-02-27')
    assert.equal(parseStatsParams({ du: '2021-01-31', au: '2026-01-30' }).au, '2026-01-30')
    assert.equal(parseStatsParams({ du: '2021-01-31', au: '2026-01-31' }).au, '2026-01-30')
    // Near the limit: du and a day 55–65 months later, and any two days
    const nearLimit = fc
      .tuple(day, fc.integer({ min: 55 * 31, max: 65 * 31 }))
      .map(([d, days]) => [iso(d), iso(new Date(d.getTime() + days * 86_400_000))])
      .filter(([, au]) => au <= '2999-12-31')
    const anyTwo = fc.tuple(day, day).map(([a, b]) => [iso(a), iso(b)].sort())
    fc.assert(
      fc.property(fc.oneof(nearLimit, anyTwo), ([du, au]) => {
        const params = parseStatsParams({ du, au })
        assert.equal(params.du, du)
        assert.equal(params.au, formerLimit(du, au), `${du}…${au}`)
        assert.equal(
          params.warnings.length,
          formerLimit(du, au) === au ? 0 : 1,
          `${du}…${au}: ${params.warnings.join(' ')}`
        )
      }),
      { numRuns: 5000 }
    )
  })
})
