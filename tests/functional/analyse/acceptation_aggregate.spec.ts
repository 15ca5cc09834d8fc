/*
 * The acceptance analyse read from its pre-aggregate (acceptation_jour, migration 0880, decision
 * 695) and the median's exact values (devis_acceptes_delai_idx, migration 0881) gives what the
 * analyse computed from the devis themselves (the query it ran before, kept here as the oracle)
 * after random sequences of writes (fast-check): devis of every statut inserted, sent or not,
 * accepted with or without accepte_le, delays of minutes to weeks (negative, tied, across whole
 * days and the numeric scales), sent across midnight and the change to summer time (29 March
 * 2026); single-column updates, commercial and apporteur changes, multi-row statements, deletes,
 * compactions and a rebuild. The raw numbers are compared to the digit (the mean's numeric text,
 * the median's float), then the page's object, for fixed periods and a random one; periods of
 * whole months read acceptation_mois (migration 0887, decision 711), whose rows must stay the
 * days folded per month.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { DateTime } from 'luxon'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { SocieteFactory } from '#database/factories/societe_factory'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import {
  acceptation,
  acceptationOf,
  acceptationRows,
  acceptationStatement,
  periodeEnMois,
} from '#services/analyse/acceptation'
import { FROM_SQL, UNTIL_SQL, parseAnalyseParams } from '#services/analyse/params'
import { DEVIS_STATUTS } from '#shared/devis'

/**
 * The statement the analyse ran before the pre-aggregate (decision 513), unchanged but for
 * `delais` (how many delays a median was taken over: the test counts even and odd ones).
 */
async function oracleRows(du: string, au: string) {
  const result = await db.rawQuery(
    `WITH d AS MATERIALIZED (
       SELECT d.commercial_id, d.apporteur_id, d.statut, d.total_ht,
         CASE WHEN d.statut = 'accepte' AND d.accepte_le IS NOT NULL
           THEN extract(epoch FROM d.accepte_le - d.envoye_le) / 86400 END AS delai
       FROM devis d
       WHERE d.envoye_le >= ${FROM_SQL} AND d.envoye_le < ${UNTIL_SQL}
     ),
     g AS (
       SELECT grouping(commercial_id) AS gc, grouping(apporteur_id) AS ga,
         commercial_id, apporteur_id,
         count(*) AS envoyes,
         count(*) FILTER (WHERE statut = 'accepte') AS acceptes,
         count(*) FILTER (WHERE statut = 'refuse') AS refuses,
         avg(delai) AS delai_moyen,
         percentile_cont(0.5) WITHIN GROUP (ORDER BY delai) AS delai_median,
         count(delai) AS delais,
         coalesce(sum(total_ht) FILTER (WHERE statut = 'accepte'), 0) AS montant
       FROM d
       GROUP BY GROUPING SETS ((commercial_id), (apporteur_id), ())
     )
     SELECT g.*, u.name AS commercial_nom, s.nom AS apporteur_nom
     FROM g
       LEFT JOIN users u ON g.ga = 1 AND g.gc = 0 AND u.id = g.commercial_id
       LEFT JOIN societes s ON g.gc = 1 AND g.ga = 0 AND s.id = g.apporteur_id`,
    [du, au]
  )
  return result.rows as any[]
}

/** The rows' figures as PostgreSQL wrote them (text of numerics, floats), in one order. */
function raw(rows: any[]) {
  return rows
    .map((r) =>
      [
        r.gc,
        r.ga,
        r.commercial_id,
        r.apporteur_id,
        String(r.envoyes ?? 0),
        String(r.acceptes ?? 0),
        String(r.refuses ?? 0),
        r.delai_moyen,
        r.delai_median,
        String(r.montant ?? 0),
      ].join(' | ')
    )
    .sort()
}

async function assertSame(assert: any, context: string, du: string, au: string) {
  const params = parseAnalyseParams({ du, au })
  const oracle = await oracleRows(params.du, params.au)
  const figures = await acceptation(params)
  assert.deepEqual(figures, acceptationOf(params, oracle), `${context} ${du} ${au}`)
  return oracle
}

/**
 * acceptation_mois holds acceptation_jour folded per month, key by key (the nets, as text): it
 * fails when a write reached the days and not the months (a stale rollup).
 */
async function assertMoisFolded(assert: any, context: string) {
  const cle = 'commercial_id, apporteur_id, issue, tranche, echelle'
  const net = async (table: string, mois: string) => {
    const result = await db.rawQuery(
      `SELECT ${mois} AS mois, ${cle}, sum(n)::text AS n, sum(ht)::text AS ht,
         sum(delai_somme)::text AS ds
       FROM ${table} GROUP BY 1, ${cle}
       HAVING sum(n) <> 0 OR sum(ht) <> 0 OR sum(delai_somme) <> 0`
    )
    return result.rows.map((r: any) => JSON.stringify(r)).sort()
  }
  assert.deepEqual(
    await net('acceptation_mois', "to_char(mois, 'YYYY-MM-DD')"),
    await net('acceptation_jour', "to_char(date_trunc('month', jour), 'YYYY-MM-DD')"),
    context
  )
}

// Around the change to summer time (Sunday 29 March 2026) and a period without devis; whole
// months (acceptation_mois) with or without partial first and last months (acceptation_jour)
const PERIODS: [string, string][] = [
  ['2026-03-28', '2026-03-28'],
  ['2026-03-29', '2026-03-29'],
  ['2026-03-29', '2026-03-31'],
  ['2026-03-01', '2026-04-30'],
  ['2026-01-01', '2026-12-31'],
  ['2031-06-01', '2031-06-30'],
  ['2026-03-01', '2026-03-31'],
  ['2026-03-27', '2026-04-30'],
  ['2026-02-15', '2026-04-01'],
  ['2026-03-01', '2026-03-28'],
]
// A random period's bounds: the days of the data, the first and last days of its months
const bound = fc.oneof(
  fc
    .integer({ min: 0, max: 7 })
    .map((d) => DateTime.fromISO('2026-03-25').plus({ days: d }).toISODate()!),
  fc.constantFrom('2026-02-28', '2026-03-01', '2026-03-31', '2026-04-01', '2026-04-30')
)
const day = fc
  .integer({ min: 0, max: 6 })
  .map((d) => DateTime.fromISO('2026-03-26').plus({ days: d }).toISODate()!)
const instant = fc
  .record({
    day,
    minute: fc.oneof(fc.integer({ min: 0, max: 1439 }), fc.constantFrom(0, 59, 60, 61, 1439)),
  })
  .map(({ day: d, minute }) =>
    DateTime.fromISO(d, { zone: 'Europe/Brussels' }).plus({ minutes: minute }).toISO()!
  )
// Minutes from sending to acceptance: ties, under a day (another numeric scale), negative
const delay = fc.oneof(
  fc.integer({ min: -2880, max: 60 * 24 * 20 }),
  fc.constantFrom(0, 1, 1440, 1500, 2880, 4320, 14400, 60 * 24 * 1500)
)
const statut = fc.constantFrom(...DEVIS_STATUTS, 'accepte', 'accepte')
const pick = fc.nat()

const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('insert' as const),
      statut,
      ht: fc.integer({ min: 0, max: 5_000_000 }),
      envoye: fc.option(instant, { freq: 6 }),
      delay: fc.option(delay, { freq: 6 }),
      commercial: fc.nat(2),
      apporteur: fc.nat(2),
    }),
  },
  fc.record({
    kind: fc.constant('update' as const),
    pick,
    set: fc.record(
      {
        statut,
        envoye_le: fc.option(instant),
        delay: fc.option(delay),
        total_ht: fc.integer({ min: 0, max: 5_000_000 }),
        commercial: fc.nat(2),
        apporteur: fc.nat(2),
        objet: fc.constant('Seulement l’objet'),
      },
      { requiredKeys: [] }
    ),
  }),
  fc.record({ kind: fc.constant('bulk' as const), from: statut, to: statut }),
  fc.record({ kind: fc.constant('shift' as const), minutes: fc.constantFrom(-1440, -30, 90) }),
  fc.record({ kind: fc.constant('delete' as const), pick }),
  fc.record({ kind: fc.constant('compact' as const) })
)

/**
 * 8 commercials and 12 apporteurs (and none), 600 devis sent from 27 to 29 March 2026: most
 * accepted after 2 to 4 days, so every group's middle ranks fall in the same few tranches.
 */
async function manyGroups() {
  // 8 commercials and 12 apporteurs (and none), 600 devis sent over three days: most accepted
  // after 2 to 4 days, so every group's middle ranks fall in the same few tranches
  const client = await ClientFactory.create()
  const commerciaux: (number | null)[] = [null]
  for (let i = 0; i < 8; i++) {
    const user = await makeUser('esi')
    commerciaux.push(user.id)
  }
  const apporteurs: (number | null)[] = [null]
  for (let i = 0; i < 12; i++) {
    const societe = await SocieteFactory.merge({ nom: `Apporteur ${i}` }).create()
    apporteurs.push(societe.id)
  }
  await db.rawQuery(
    `INSERT INTO devis (client_id, client_nom, date_devis, valable_jusqu_au, objet, statut,
       total_ht, envoye_le, accepte_le, commercial_id, apporteur_id, created_at, updated_at)
     SELECT ?, 'Client', '2026-03-26', '2026-04-30', 'Objet ' || i,
       CASE WHEN i % 7 = 0 THEN 'refuse' ELSE 'accepte' END, 1000 * i, e,
       CASE WHEN i % 11 <> 0 THEN e + make_interval(mins => 2880 + (i * 389) % 2880) END,
       (?::int[])[1 + i % 9], (?::int[])[1 + (i * 5) % 13], now(), now()
     FROM generate_series(1, 600) i,
       LATERAL (SELECT '2026-03-27 08:00:00+01'::timestamptz + make_interval(mins => i * 7) e) x`,
    [client.idClient, commerciaux, apporteurs]
  )
  return { client, commerciaux, apporteurs }
}

test.group('Analyse / acceptation / pre-aggregate', (group) => {
  withTransaction(group)

  test('gives the figures of the devis after random sequences of writes', async ({ assert }) => {
    const client = await ClientFactory.create()
    const users = [null, await makeUser('esi'), await makeUser('esi')]
    const societes = [
      null,
      await SocieteFactory.merge({ nom: 'Apporteur Un' }).create(),
      await SocieteFactory.merge({ nom: 'Apporteur Deux' }).create(),
    ]
    const ids: number[] = []
    const accepteLe = (envoye: string | null, minutes: number | null) =>
      envoye && minutes !== null ? DateTime.fromISO(envoye).plus({ minutes }).toISO() : null
    let even = 0
    let odd = 0

    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 10 }),
        bound,
        bound,
        async (ops, a, b) => {
          for (const o of ops) {
            const id = ids.length ? ids[('pick' in o ? o.pick : 0) % ids.length] : null
            if (o.kind === 'insert') {
              const d = await makeDevis({
                client,
                statut: o.statut,
                ht: o.ht,
                commercial: users[o.commercial] ?? undefined,
                envoyeLe: o.envoye ?? undefined,
                accepteLe: accepteLe(o.envoye, o.delay) ?? undefined,
              })
              await db
                .from('devis')
                .where('id', d.id)
                .update({ apporteur_id: societes[o.apporteur]?.id ?? null })
              ids.push(d.id)
            } else if (o.kind === 'update' && id) {
              const { commercial, apporteur, delay: minutes, ...set } = o.set
              const values: Record<string, unknown> = { ...set }
              if (commercial !== undefined) values.commercial_id = users[commercial]?.id ?? null
              if (apporteur !== undefined) values.apporteur_id = societes[apporteur]?.id ?? null
              if (minutes !== undefined) {
                values.accepte_le =
                  minutes === null
                    ? null
                    : db.raw('coalesce(envoye_le, now()) + make_interval(mins => ?)', [minutes])
              }
              if (Object.keys(values).length) await db.from('devis').where('id', id).update(values)
            } else if (o.kind === 'bulk' && ids.length) {
              await db
                .from('devis')
                .whereIn('id', ids)
                .where('statut', o.from)
                .update({ statut: o.to, total_ht: db.raw('total_ht + 1') })
            } else if (o.kind === 'shift' && ids.length) {
              await db.rawQuery(
                'UPDATE devis SET envoye_le = envoye_le + make_interval(mins => ?) WHERE id = ANY(?)',
                [o.minutes, ids]
              )
            } else if (o.kind === 'delete' && id) {
              ids.splice(ids.indexOf(id), 1)
              await db.from('devis').where('id', id).delete()
            } else if (o.kind === 'compact') {
              await db.rawQuery('SELECT acceptation_jour_compact()')
            }
          }
          const context = JSON.stringify(ops)
          await assertMoisFolded(assert, context)
          for (const [du, au] of [...PERIODS, [a, b] as [string, string]]) {
            const oracle = await assertSame(assert, context, du, au)
            const params = parseAnalyseParams({ du, au })
            // The raw figures to the digit: the mean's numeric text and scale, the median's float
            assert.deepEqual(raw(await acceptationRows(params)), raw(oracle), context)
            for (const r of oracle.filter((x) => Number(x.delais) > 0)) {
              if (Number(r.delais) % 2 === 0) even++
              else odd++
            }
          }
        }
      ),
      { numRuns: 30 }
    )
    // Both kinds of middle were met (one value, or two interpolated)
    assert.isAbove(even, 0)
    assert.isAbove(odd, 0)

    await db.rawQuery('TRUNCATE acceptation_jour, acceptation_mois')
    await db.rawQuery('SELECT acceptation_jour_rebuild()')
    await assertMoisFolded(assert, 'after a rebuild')
    for (const [du, au] of PERIODS) await assertSame(assert, 'after a rebuild', du, au)
  }).timeout(300_000)

  test('a period is its whole months and the days of its partial ones', ({ assert }) => {
    const cases: [string, string, string[]][] = [
      // moisDu, moisAu (exclusive), the days before up to avantAu, after from apresDu
      ['2025-12-01', '2026-11-30', ['2025-12-01', '2026-12-01', '2025-12-01', '2026-12-01']],
      ['2025-12-02', '2026-11-30', ['2026-01-01', '2026-12-01', '2026-01-01', '2026-12-01']],
      ['2025-12-01', '2026-11-29', ['2025-12-01', '2026-11-01', '2025-12-01', '2026-11-01']],
      ['2024-02-01', '2024-02-29', ['2024-02-01', '2024-03-01', '2024-02-01', '2024-03-01']],
      ['2024-02-01', '2024-02-28', ['2024-02-01', '2024-02-01', '2024-02-01', '2024-02-01']],
      ['2026-03-15', '2026-04-14', ['2026-03-15', '2026-03-15', '2026-03-15', '2026-03-15']],
      ['2026-12-31', '2027-01-31', ['2027-01-01', '2027-02-01', '2027-01-01', '2027-02-01']],
      ['2026-03-29', '2026-03-29', ['2026-03-29', '2026-03-29', '2026-03-29', '2026-03-29']],
    ]
    for (const [du, au, expected] of cases) {
      const p = periodeEnMois(du, au)
      assert.deepEqual([p.moisDu, p.moisAu, p.avantAu, p.apresDu], expected, `${du} ${au}`)
    }
  })

  test('a write reaches the months in its transaction, compaction keeps them', async ({
    assert,
  }) => {
    const d = await makeDevis({
      statut: 'accepte',
      envoyeLe: '2026-03-31T23:30:00+02:00',
      accepteLe: '2026-04-03T10:00:00+02:00',
    })
    const params = parseAnalyseParams({ du: '2026-03-01', au: '2026-04-30' })
    const mars = parseAnalyseParams({ du: '2026-03-01', au: '2026-03-31' })
    await assertSame(assert, 'insert', params.du, params.au)
    // Sent across the month's end: from March to April
    await db.from('devis').where('id', d.id).update({ envoye_le: '2026-04-01T00:30:00+02:00' })
    await assertMoisFolded(assert, 'moved to April')
    await assertSame(assert, 'moved to April', mars.du, mars.au)
    await assertSame(assert, 'moved to April', params.du, params.au)
    await db.rawQuery('SELECT acceptation_jour_compact()')
    await assertMoisFolded(assert, 'compacted')
    await assertSame(assert, 'compacted', params.du, params.au)
    await db.from('devis').where('id', d.id).delete()
    await assertMoisFolded(assert, 'deleted')
    await assertSame(assert, 'deleted', params.du, params.au)
  })

  test('an update of a column the figures do not read adds no row', async ({ assert }) => {
    const d = await makeDevis({
      statut: 'accepte',
      envoyeLe: '2026-03-29T01:30:00+01:00',
      accepteLe: '2026-04-02T10:00:00+02:00',
    })
    const count = async () => {
      const [row] = await db.from('acceptation_jour').count('* as n')
      return Number(row.n)
    }
    const before = await count()
    await db.from('devis').where('id', d.id).update({ objet: 'Autre objet', total_ttc: 1 })
    assert.equal(await count(), before)
    for (const [column, value] of [
      ['total_ht', 1],
      ['accepte_le', null],
      ['statut', 'refuse'],
      ['envoye_le', '2026-03-30T10:00:00Z'],
    ] as const) {
      const at = await count()
      await db
        .from('devis')
        .where('id', d.id)
        .update({ [column]: value })
      assert.isAbove(await count(), at, column)
      for (const [du, au] of PERIODS) await assertSame(assert, column, du, au)
    }
  })

  test('the mean keeps the digits avg() gave when a delay of another scale left', async ({
    assert,
  }) => {
    // A delay of 0 has 24 decimals, ten hours 20: both in tranche 0, sent the same day
    const sent = '2026-03-29T00:30:00+01:00'
    const zero = await makeDevis({ statut: 'accepte', envoyeLe: sent, accepteLe: sent })
    await makeDevis({
      statut: 'accepte',
      envoyeLe: sent,
      accepteLe: DateTime.fromISO(sent).plus({ hours: 10 }).toISO()!,
    })
    await db.from('devis').where('id', zero.id).delete()
    const params = parseAnalyseParams({ du: '2026-03-29', au: '2026-03-29' })
    const oracle = await oracleRows(params.du, params.au)
    assert.deepEqual(raw(await acceptationRows(params)), raw(oracle))
    assert.include(raw(oracle).join(), '0.41666666666666666667 ')
    await db.rawQuery('SELECT acceptation_jour_compact()')
    assert.deepEqual(raw(await acceptationRows(params)), raw(oracle))
  })
  test('many groups sharing their middle tranche each get their own median', async ({ assert }) => {
    const { client, commerciaux, apporteurs } = await manyGroups()
    // A write afterwards moves devis between groups (the indexes follow)
    await db.rawQuery(
      `UPDATE devis SET commercial_id = (?::int[])[1 + id % 9], apporteur_id = (?::int[])[1 + id % 13]
       WHERE client_id = ? AND id % 5 = 0`,
      [commerciaux, apporteurs, client.idClient]
    )
    for (const [du, au] of [
      ['2026-03-27', '2026-03-29'],
      ['2026-03-28', '2026-03-28'],
      ['2026-01-01', '2026-12-31'],
    ]) {
      const oracle = await assertSame(assert, 'many groups', du, au)
      const params = parseAnalyseParams({ du, au })
      assert.deepEqual(raw(await acceptationRows(params)), raw(oracle), `${du} ${au}`)
      if (du === '2026-01-01')
        assert.isAtLeast(oracle.filter((r) => Number(r.delais) > 1).length, 20)
    }
  })

  test('each median branch reads its own index, not a whole tranche filtered', async ({
    assert,
  }) => {
    // Over the many groups' devis, analysed (ANALYZE is rolled back with the test), sequential
    // and bitmap scans penalised: the plan shows which index each branch reads (the total by
    // tranche, a commercial's and an apporteur's by group first)
    await manyGroups()
    await db.rawQuery('ANALYZE devis')
    await db.rawQuery('SET LOCAL enable_seqscan = off')
    await db.rawQuery('SET LOCAL enable_bitmapscan = off')
    const { sql, bindings } = acceptationStatement(
      parseAnalyseParams({ du: '2026-03-27', au: '2026-03-29' })
    )
    const result = await db.rawQuery(`EXPLAIN ${sql}`, bindings as any)
    const plan = result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
    for (const [index, cle] of [
      ['devis_acceptes_delai_idx', '(floor('],
      ['devis_acceptes_commercial_delai_idx', '(COALESCE(commercial_id, 0)) = COALESCE(m'],
      ['devis_acceptes_apporteur_delai_idx', '(COALESCE(apporteur_id, 0)) = COALESCE(m'],
    ]) {
      const at = plan.search(new RegExp(`Index (Only )?Scan using ${index} on devis`))
      assert.isAtLeast(at, 0, `${index}\n${plan}`)
      const cond = plan.slice(at).split('\n')[1]
      assert.match(cond, /Index Cond: /, `${index}\n${plan}`)
      assert.include(cond, cle, `${index}\n${plan}`)
    }
  })

  test('a group holding every accepted devis takes the total median without reading it', async ({
    assert,
  }) => {
    // 41 devis without commercial, all brought by one apporteur: « Sans commercial » and that
    // apporteur hold the total's accepted devis; then one of them given a commercial
    const client = await ClientFactory.create()
    const apporteur = await SocieteFactory.merge({ nom: 'Apporteur Seul' }).create()
    const user = await makeUser('esi')
    await db.rawQuery(
      `INSERT INTO devis (client_id, client_nom, date_devis, valable_jusqu_au, objet, statut,
         total_ht, envoye_le, accepte_le, apporteur_id, created_at, updated_at)
       SELECT ?, 'Client', '2026-03-26', '2026-04-30', 'Objet ' || i,
         CASE WHEN i % 5 = 0 THEN 'refuse' ELSE 'accepte' END, 1000 * i, e,
         e + make_interval(mins => (i * 397) % 5000), ?, now(), now()
       FROM generate_series(1, 51) i,
         LATERAL (SELECT '2026-03-27 08:00:00+01'::timestamptz + make_interval(mins => i * 53) e) x`,
      [client.idClient, apporteur.id]
    )
    await db.rawQuery('ANALYZE devis')
    await db.rawQuery('SET LOCAL enable_seqscan = off')
    await db.rawQuery('SET LOCAL enable_bitmapscan = off')
    const params = parseAnalyseParams({ du: '2026-03-01', au: '2026-03-31' })
    const plan = async () => {
      const { sql, bindings } = acceptationStatement(params)
      const result = await db.rawQuery(`EXPLAIN (ANALYZE, TIMING OFF) ${sql}`, bindings as any)
      return result.rows.map((r: Record<string, string>) => r['QUERY PLAN']).join('\n')
    }
    const scan = (text: string, index: string) =>
      text.split('\n').find((l) => l.includes(`Index Only Scan using ${index} on devis`)) ?? ''

    let text = await plan()
    for (const index of [
      'devis_acceptes_commercial_delai_idx',
      'devis_acceptes_apporteur_delai_idx',
    ])
      assert.include(scan(text, index), '(never executed)', `${index}\n${text}`)
    assert.notInclude(scan(text, 'devis_acceptes_delai_idx'), 'never', text)
    const oracle = await assertSame(assert, 'one group', params.du, params.au)
    assert.deepEqual(raw(await acceptationRows(params)), raw(oracle))
    assert.lengthOf(oracle, 3)

    await db.rawQuery(
      `UPDATE devis SET commercial_id = ? WHERE id = (
         SELECT min(id) FROM devis WHERE client_id = ? AND statut = 'accepte')`,
      [user.id, client.idClient]
    )
    text = await plan()
    assert.notInclude(scan(text, 'devis_acceptes_commercial_delai_idx'), 'never', text)
    assert.include(scan(text, 'devis_acceptes_apporteur_delai_idx'), '(never executed)', text)
    const two = await assertSame(assert, 'two commercial groups', params.du, params.au)
    assert.deepEqual(raw(await acceptationRows(params)), raw(two))
    assert.lengthOf(two, 4)
  })
})
