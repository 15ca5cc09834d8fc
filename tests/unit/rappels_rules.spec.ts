/*
 * Reminders of visits (issue 13 §5, decision 463): the hour of the evening pass (RAPPELS_HEURE),
 * « tomorrow » as the Brussels day whatever the UTC date, and that day's bounds across the DST
 * changes (23 and 25 hours).
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import { parseHeureRappels } from '#services/planning/rappels_scheduler'
import { bornesDuJour, jourDesRappels, RAPPELS_HEURE_DEFAUT } from '#services/planning/rappels'
import { nextRun } from '#services/daily_timer'

test.group('Reminders / rules', () => {
  test('RAPPELS_HEURE: 17:00 by default, « off », anything else refused', ({ assert }) => {
    assert.equal(RAPPELS_HEURE_DEFAUT, '17:00')
    assert.deepEqual(parseHeureRappels(undefined), [17, 0])
    assert.deepEqual(parseHeureRappels(' 18:30 '), [18, 30])
    assert.isNull(parseHeureRappels('off'))
    assert.throws(() => parseHeureRappels('25:00'), /RAPPELS_HEURE invalide/)
    assert.throws(() => parseHeureRappels('17h'), /RAPPELS_HEURE invalide/)
  })

  test('the next pass is 17:00 Brussels, also on the day the clocks change', ({ assert }) => {
    const before = DateTime.fromISO('2027-03-28T10:00', { zone: 'Europe/Brussels' })
    assert.equal(nextRun(before, [17, 0]).toUTC().toISO(), '2027-03-28T15:00:00.000Z')
    const after = DateTime.fromISO('2026-10-25T18:00', { zone: 'Europe/Brussels' })
    assert.equal(nextRun(after, [17, 0]).toUTC().toISO(), '2026-10-26T16:00:00.000Z')
  })

  test('tomorrow is the Brussels day; its bounds last 23 or 25 hours on a DST change', ({
    assert,
  }) => {
    // 23:30 UTC on 24/11 is already the 25th in Brussels: tomorrow is the 26th
    assert.equal(jourDesRappels(DateTime.fromISO('2026-11-24T23:30:00Z')), '2026-11-26')
    assert.equal(jourDesRappels(DateTime.fromISO('2026-11-24T22:30:00Z')), '2026-11-25')
    const spring = bornesDuJour('2027-03-28')
    assert.equal(spring.end.diff(spring.start, 'hours').hours, 23)
    assert.equal(spring.start.toUTC().toISO(), '2027-03-27T23:00:00.000Z')
    const autumn = bornesDuJour('2026-10-25')
    assert.equal(autumn.end.diff(autumn.start, 'hours').hours, 25)
  })
})
