/*
 * The technicians' occupation read from its per-day pre-aggregate (occupation_jour, migration
 * 0876, decision 652) gives the figures the analyse computed from the visits themselves (the
 * query it ran before, kept here as the reference) after random sequences of writes
 * (fast-check): visits of both types and every statut, across midnight and the change to summer
 * time, with a travel time past their end, persons added, moved, deactivated, deleted, visits
 * rescheduled, cancelled, deleted with their persons, compactions; checked for fixed periods of
 * one day up to a month and a random one. Double bookings are allowed inside the test's
 * transaction (the exclusion constraint is deferred, and the transaction never commits).
 * The page's statement is a PL/pgSQL function (migration 0925, decision 811): after every
 * sequence its raw rows (text of every figure, order) equal the former inline statement's.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeUser, withTransaction } from '#tests/helpers'
import { occupation } from '#services/analyse/techniciens'
import { parseAnalyseParams } from '#services/analyse/params'
import { TIME_ZONE } from '#shared/app'
import { compactStats } from '#services/devis_list/devis_stats'

const hours = (value: unknown) => Math.round(Number(value ?? 0) * 100) / 100

/** Per user: visits and hours of the period, as the analyse computed them from the visits. */
async function reference(du: string, au: string) {
  const result = await db.rawQuery(
    `WITH p AS (
       SELECT tstzrange((?::date)::timestamp AT TIME ZONE '${TIME_ZONE}',
         ((?::date) + 1)::timestamp AT TIME ZONE '${TIME_ZONE}') AS p
     )
     SELECT pp.user_id, count(*) AS visites,
       sum(extract(epoch FROM upper(pp.creneau * p.p) - lower(pp.creneau * p.p)) / 3600) AS h,
       coalesce(sum(extract(epoch FROM upper(pp.creneau * p.p) - lower(pp.creneau * p.p)) / 3600)
         FILTER (WHERE pl.statut = 'realisee'), 0) AS r
     FROM p JOIN planifications pl ON pl.type = 'tec' AND tstzrange(pl.debut, pl.fin) && p.p
       JOIN planification_personnes pp ON pp.planification_id = pl.id AND pp.actif
         AND pp.creneau && p.p
     WHERE pl.statut <> 'annulee'
     GROUP BY pp.user_id ORDER BY pp.user_id`,
    [du, au]
  )
  return result.rows.map((r: any) => ({
    user_id: Number(r.user_id),
    visites: Number(r.visites),
    heures_planifiees: hours(r.h),
    heures_realisees: hours(r.r),
  }))
}

/** The page's statement before the function (decision 652), the function's oracle. */
async function formerRows(du: string, au: string) {
  const result = await db.rawQuery(
    `WITH h AS (
       SELECT user_id, sum(secondes) AS secondes,
         sum(secondes) FILTER (WHERE realisee) AS realisees
       FROM occupation_jour
       WHERE kind = 'h' AND jour BETWEEN ?::date AND ?::date AND a <= ?::date AND b >= ?::date
       GROUP BY user_id
     ),
     n AS (
       SELECT user_id, sum(n) AS visites FROM (
         SELECT user_id, n FROM occupation_jour
         WHERE kind = 'n' AND jour BETWEEN ?::date AND ?::date AND b >= ?::date
         UNION ALL
         SELECT user_id, n FROM occupation_jour
         WHERE kind = 'n' AND a < b AND b >= ?::date AND a < ?::date
       ) x GROUP BY user_id HAVING sum(n) > 0
     ),
     t AS (
       SELECT user_id FROM planning_ressources WHERE type = 'tec' AND actif
       UNION SELECT user_id FROM n
     )
     SELECT t.user_id, u.name, coalesce(n.visites, 0) AS visites,
       coalesce(h.secondes, 0) / 3600 AS planifiees,
       coalesce(h.realisees, 0) / 3600 AS realisees
     FROM t JOIN users u ON u.id = t.user_id
       LEFT JOIN n ON n.user_id = t.user_id LEFT JOIN h ON h.user_id = t.user_id
     ORDER BY u.name, t.user_id`,
    [du, au, au, du, du, au, du, du, du]
  )
  return result.rows
}

async function functionRows(du: string, au: string) {
  const result = await db.rawQuery('SELECT * FROM occupation_techniciens(?::date, ?::date)', [
    du,
    au,
  ])
  return result.rows
}

async function figures(du: string, au: string) {
  const o = await occupation(parseAnalyseParams({ du, au }))
  return o.techniciens
    .filter((t) => t.visites > 0)
    .map(({ user_id: userId, visites, heures_planifiees: h, heures_realisees: r }) => ({
      user_id: userId,
      visites,
      heures_planifiees: h,
      heures_realisees: r,
    }))
    .sort((a, b) => a.user_id - b.user_id)
}

// Around the change to summer time (Sunday 30 March 2031) and midnight
const PERIODS: [string, string][] = [
  ['2031-03-29', '2031-03-29'],
  ['2031-03-30', '2031-03-30'],
  ['2031-03-31', '2031-03-31'],
  ['2031-03-28', '2031-03-30'],
  ['2031-03-30', '2031-04-02'],
  ['2031-03-01', '2031-04-30'],
]
const day = fc
  .integer({ min: 0, max: 7 })
  .map((d) => DateTime.fromISO('2031-03-27').plus({ days: d }).toISODate()!)
const period = fc.tuple(day, day).map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string, string])

const visit = fc.record({
  day,
  minute: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(0, 60, 120, 1380, 1410)),
  minutes: fc.oneof(fc.integer({ min: 1, max: 600 }), fc.constantFrom(30, 1440, 1500)),
  trajet: fc.constantFrom(0, 0, 30, 90),
  type: fc.constantFrom('tec', 'tec', 'com'),
  statut: fc.constantFrom('planifiee', 'realisee', 'annulee'),
  persons: fc.subarray([0, 1, 2], { minLength: 1 }),
  actif: fc.constantFrom(true, true, false),
  closed: fc.boolean(),
})

const op = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('insert' as const), visit }) },
  fc.record({
    op: fc.constant('statut' as const),
    pick: fc.nat(),
    statut: fc.constantFrom('planifiee', 'realisee', 'annulee'),
  }),
  fc.record({
    op: fc.constant('shift' as const),
    pick: fc.nat(),
    minutes: fc.constantFrom(-1440, -90, 45, 600),
  }),
  fc.record({ op: fc.constant('type' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('actif' as const), pick: fc.nat() }),
  fc.record({
    op: fc.constant('slot' as const),
    pick: fc.nat(),
    minutes: fc.integer({ min: -120, max: 120 }),
  }),
  fc.record({ op: fc.constant('person' as const), pick: fc.nat(), to: fc.nat(2) }),
  fc.record({ op: fc.constant('deletePerson' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('deleteVisit' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('bulk' as const), minutes: fc.constantFrom(-60, 60) }),
  fc.record({ op: fc.constant('compact' as const) })
)

test.group('Analyse / occupation / pre-aggregate', (group) => {
  withTransaction(group)

  test('gives the figures of the visits after random sequences of writes', async ({ assert }) => {
    await db.rawQuery('SET CONSTRAINTS planification_personnes_sans_chevauchement DEFERRED')
    const users = [await makeUser('esi'), await makeUser('esi'), await makeUser('esi')]
    const visits: number[] = []

    async function check(context: string, extra: [string, string]) {
      for (const [du, au] of [...PERIODS, extra]) {
        assert.deepEqual(await figures(du, au), await reference(du, au), `${context} ${du} ${au}`)
        const rows = await functionRows(du, au)
        assert.deepEqual(rows, await formerRows(du, au), `${context} ${du} ${au} (function)`)
      }
    }

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 12 }), period, async (ops, p) => {
        for (const o of ops) {
          const id = visits.length ? visits[('pick' in o ? o.pick : 0) % visits.length] : null
          if (o.op === 'insert') {
            const v = o.visit
            const debut = DateTime.fromISO(v.day, { zone: TIME_ZONE }).plus({ minutes: v.minute })
            const fin = debut.plus({ minutes: v.minutes })
            const [row] = await db
              .table('planifications')
              .insert({
                type: v.type,
                nature: v.type === 'com' ? 'rdv' : 'sav',
                statut: v.statut,
                debut: debut.toISO(),
                fin: fin.toISO(),
                titre: 'Visite',
              })
              .returning('id')
            const pid = row.id ?? row
            visits.push(pid)
            for (const i of v.persons) {
              await db.rawQuery(
                `INSERT INTO planification_personnes (planification_id, user_id, creneau, actif)
                 VALUES (?, ?, tstzrange(?::timestamptz,
                   ?::timestamptz + make_interval(mins => ?), ?), ?)`,
                [
                  pid,
                  users[i].id,
                  debut.toISO(),
                  fin.toISO(),
                  v.trajet,
                  v.closed ? '[]' : '[)',
                  v.actif,
                ]
              )
            }
          } else if (o.op === 'statut' && id) {
            await db.from('planifications').where('id', id).update({ statut: o.statut })
          } else if (o.op === 'shift' && id) {
            await db.rawQuery(
              `UPDATE planifications SET debut = debut + make_interval(mins => ?),
                 fin = fin + make_interval(mins => ?) WHERE id = ?`,
              [o.minutes, o.minutes, id]
            )
          } else if (o.op === 'type' && id) {
            await db.rawQuery(
              `UPDATE planifications SET type = CASE type WHEN 'tec' THEN 'com' ELSE 'tec' END,
                 nature = CASE type WHEN 'tec' THEN 'rdv' ELSE 'sav' END WHERE id = ?`,
              [id]
            )
          } else if (o.op === 'actif' && id) {
            await db.rawQuery(
              'UPDATE planification_personnes SET actif = NOT actif WHERE planification_id = ?',
              [id]
            )
          } else if (o.op === 'slot' && id) {
            await db.rawQuery(
              `UPDATE planification_personnes
               SET creneau = tstzrange(lower(creneau), upper(creneau) + make_interval(mins => ?))
               WHERE planification_id = ? AND upper(creneau) + make_interval(mins => ?) > lower(creneau)`,
              [o.minutes, id, o.minutes]
            )
          } else if (o.op === 'person' && id) {
            await db.rawQuery(
              `UPDATE planification_personnes SET user_id = ?
               WHERE planification_id = ? AND user_id = (
                 SELECT min(user_id) FROM planification_personnes WHERE planification_id = ?)
                 AND NOT EXISTS (SELECT 1 FROM planification_personnes
                   WHERE planification_id = ? AND user_id = ?)`,
              [users[o.to].id, id, id, id, users[o.to].id]
            )
          } else if (o.op === 'deletePerson' && id) {
            await db.rawQuery(
              `DELETE FROM planification_personnes WHERE planification_id = ? AND user_id = (
                 SELECT max(user_id) FROM planification_personnes WHERE planification_id = ?)`,
              [id, id]
            )
          } else if (o.op === 'deleteVisit' && id) {
            visits.splice(visits.indexOf(id), 1)
            await db.from('planifications').where('id', id).delete()
          } else if (o.op === 'bulk' && visits.length) {
            await db.rawQuery(
              `UPDATE planification_personnes
               SET creneau = tstzrange(lower(creneau) + make_interval(mins => ?),
                 upper(creneau) + make_interval(mins => ?), '[)')
               WHERE planification_id = ANY(?)`,
              [o.minutes, o.minutes, visits]
            )
          } else if (o.op === 'compact') {
            await db.rawQuery('SELECT occupation_jour_compact()')
          }
        }
        await check(JSON.stringify(ops), p)
      }),
      { numRuns: 30 }
    )
    await db.rawQuery('TRUNCATE occupation_jour')
    await db.rawQuery('SELECT occupation_jour_rebuild()')
    await check('after a rebuild', PERIODS[0])
  }).timeout(240_000)

  test('edge cases: every period of a week gives the figures of the visits', async ({ assert }) => {
    await db.rawQuery('SET CONSTRAINTS planification_personnes_sans_chevauchement DEFERRED')
    const [a, b] = [await makeUser('esi'), await makeUser('esi')]
    // [start (Brussels), minutes, travel minutes, bounds, statut, user]
    const cases: [string, number, number, string, string, number][] = [
      ['2031-03-28T23:00', 30, 90, '[)', 'planifiee', a.id], // travel past midnight
      ['2031-03-29T23:30', 30, 0, '[]', 'realisee', a.id], // ends at midnight, closed
      ['2031-03-30T01:30', 120, 0, '[)', 'realisee', b.id], // across the change of hour
      ['2031-03-28T20:00', 3000, 60, '[)', 'planifiee', b.id], // two days and more
      ['2031-03-31T00:00', 60, 0, '[)', 'annulee', a.id], // cancelled
      ['2031-04-01T22:00', 120, 0, '[)', 'planifiee', a.id], // ends at midnight, open
    ]
    for (const [start, minutes, trajet, bounds, statut, userId] of cases) {
      const debut = DateTime.fromISO(start, { zone: TIME_ZONE })
      const fin = debut.plus({ minutes })
      const [row] = await db
        .table('planifications')
        .insert({
          type: 'tec',
          nature: 'sav',
          statut,
          debut: debut.toISO(),
          fin: fin.toISO(),
          titre: 'Visite',
        })
        .returning('id')
      await db.rawQuery(
        `INSERT INTO planification_personnes (planification_id, user_id, creneau)
         VALUES (?, ?, tstzrange(?::timestamptz, ?::timestamptz + make_interval(mins => ?), ?))`,
        [row.id ?? row, userId, debut.toISO(), fin.toISO(), trajet, bounds]
      )
    }
    const days = Array.from({ length: 8 }, (_, i) =>
      DateTime.fromISO('2031-03-27').plus({ days: i }).toISODate()!
    )
    for (const [i, du] of days.entries()) {
      for (const au of days.slice(i)) {
        assert.deepEqual(await figures(du, au), await reference(du, au), `${du} ${au}`)
      }
    }
    const before = await figures('2031-03-27', '2031-04-03')
    assert.isNotEmpty(before)
    await compactStats({ vacuum: false }) // the nightly pass (in the test's transaction)
    assert.deepEqual(await figures('2031-03-27', '2031-04-03'), before)
  })
})
