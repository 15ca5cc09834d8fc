/*
 * The rentabilité pre-aggregates (rentabilite_commandes, rentabilite_produits, migrations
 * 0877–0879, decision 690) give the page EXACTLY the object the former query over the lines
 * gave (kept here as the oracle), for fixed and random periods and every commercial filter,
 * after random sequences of writes (fast-check): commandes inserted with their bdc and lines,
 * bdc signed / unsigned / cancelled, their signing instant, discount and commercial changed,
 * commandes cancelled, renumbered, renamed and deleted; lines inserted, changed (type, total,
 * quantity, product) and deleted; statements over several rows; purchase prices changed (to and
 * from none, to 0), products deleted; compactions. Raw rows: any row the tables accept.
 * The page reads two stored columns (migrations 0888–0889, decisions 716–718): each commande's
 * margin rate (its order) and each product row's quantity in thousandths; after every sequence
 * both equal what the row's figures give, and the page (ranked by the first, summing the second)
 * still equals the oracle.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { makeProduit } from '#tests/functional/analyse/helpers'
import { dayOf2026, instantOf2026 } from '#tests/fixtures/arbitraries'
import { periodBuckets, rentabilite, rentabiliteOf } from '#services/analyse/rentabilite'
import { FROM_SQL, UNTIL_SQL, type AnalyseParams } from '#services/analyse/params'
import { NO_COMMERCIAL } from '#shared/devis_list'
import { ANALYSE_TABLE_MAX } from '#shared/analyse'
import { TIME_ZONE } from '#shared/app'
import { DateTime } from 'luxon'

/** The analyse's statement before the aggregates (over the lines) and its date, as they were. */
async function formerRentabilite(params: AnalyseParams, limit: number | null) {
  const [where, whereBindings]: [string, unknown[]] =
    params.commercial === null
      ? ['TRUE', []]
      : params.commercial === NO_COMMERCIAL
        ? ['b.commercial_id IS NULL', []]
        : ['b.commercial_id = ?', [Number(params.commercial)]]
  const FIGURES = `sum(vente) AS vente,
    coalesce(sum(vente) FILTER (WHERE cout IS NOT NULL), 0) AS vente_connue,
    coalesce(sum(cout), 0) AS cout,
    coalesce(sum(vente) FILTER (WHERE cout IS NULL), 0) AS inconnu`
  const lim = limit === null ? '' : `LIMIT ${Number(limit)}`
  const result = await db.rawQuery(
    `WITH l AS MATERIALIZED (
       SELECT c.id AS commande_id, c.numero, c.client_nom, b.signe_le, l.produit_id, l.quantite,
         round(l.total_ht * (1 - b.remise_globale_pct / 100)) AS vente,
         CASE WHEN p.prix_achat IS NULL THEN NULL
           ELSE round(coalesce(l.quantite, 0) * p.prix_achat) END AS cout
       FROM bdcs b
         JOIN commandes c ON c.bdc_id = b.id AND c.statut <> 'annulee'
         JOIN bdc_lignes l ON l.bdc_id = b.id AND l.type = 'produit' AND l.total_ht IS NOT NULL
         LEFT JOIN produits p ON p.id = l.produit_id
       WHERE b.statut = 'signe' AND b.signe_le >= ${FROM_SQL} AND b.signe_le < ${UNTIL_SQL}
         AND ${where})
     SELECT
       (SELECT row_to_json(t) FROM (SELECT ${FIGURES} FROM l) t) AS total,
       (SELECT count(DISTINCT commande_id) FROM l) AS commandes_total,
       (SELECT count(DISTINCT coalesce(produit_id, 0)) FROM l) AS produits_total,
       (SELECT coalesce(json_agg(c), '[]') FROM (
          SELECT commande_id, numero, client_nom, signe_le, ${FIGURES} FROM l
          GROUP BY commande_id, numero, client_nom, signe_le
          ORDER BY (CASE WHEN sum(vente) FILTER (WHERE cout IS NOT NULL) > 0
            THEN (sum(vente) FILTER (WHERE cout IS NOT NULL) - coalesce(sum(cout), 0))::numeric
              / sum(vente) FILTER (WHERE cout IS NOT NULL) END) ASC NULLS LAST, numero ${lim}
        ) c) AS commandes,
       (SELECT coalesce(json_agg(x), '[]') FROM (
          SELECT l.produit_id, p.reference, p.libelle, p.categorie,
            coalesce(sum(l.quantite), 0) AS quantite, ${FIGURES}
          FROM l LEFT JOIN produits p ON p.id = l.produit_id
          GROUP BY l.produit_id, p.reference, p.libelle, p.categorie
          ORDER BY sum(vente) DESC, p.reference NULLS LAST ${lim}
        ) x) AS produits`,
    [params.du, params.au, ...whereBindings]
  )
  // Its signing instants made Brussels days as the service did then
  const row = result.rows[0]
  for (const c of row.commandes) {
    c.signe_le = DateTime.fromISO(String(c.signe_le)).setZone(TIME_ZONE).toISODate()
  }
  return rentabiliteOf(params, row)
}

// 12 months, a calendar year, a half-year and quarter inside two years, whole months, partial
// months on both sides, one day, across the new year
const PERIODS: [string, string][] = [
  ['2025-12-01', '2026-11-30'],
  ['2026-01-01', '2026-12-31'],
  ['2025-07-01', '2026-03-31'],
  ['2026-02-01', '2026-02-28'],
  ['2026-01-15', '2026-03-10'],
  ['2026-02-03', '2026-02-20'],
  ['2026-03-01', '2026-03-01'],
  ['2025-12-20', '2026-01-31'],
  ['2026-01-01', '2026-03-15'],
]

const instant = instantOf2026(100)
const period = fc
  .tuple(dayOf2026(120), fc.oneof(dayOf2026(120), dayOf2026(400)))
  .map(([a, b]) => (a <= b ? [a, b] : [b, a]) as [string, string])
const remise = fc.constantFrom(0, 0, 10, 33.33, 100)
const amount = fc.integer({ min: -50_000, max: 1_000_000 })
const quantite = fc.option(fc.constantFrom('1', '2.5', '0', '0.333', '12'), { freq: 6 })
const prix = fc.option(fc.constantFrom(0, 1, 333, 50_000), { freq: 3 })
const ligneType = fc.constantFrom('produit', 'produit', 'produit', 'texte')
const bdcStatut = fc.constantFrom('signe', 'signe', 'signe', 'a_signer', 'annule')
const commandeStatut = fc.constantFrom('en_attente', 'en_cours', 'annulee')
const ligne = fc.record({
  type: ligneType,
  ht: fc.option(amount, { freq: 8 }),
  quantite,
  produit: fc.nat(6),
})

const op = fc.oneof(
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('insert' as const),
      statut: bdcStatut,
      signe: instant,
      remise,
      commercial: fc.nat(2),
      commande: commandeStatut,
      lignes: fc.array(ligne, { minLength: 0, maxLength: 4 }),
    }),
  },
  // One column at a time, so that a column the triggers forgot is seen
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant('updateBdc' as const),
      pick: fc.nat(),
      field: fc.constantFrom('statut', 'signe', 'remise', 'commercial'),
      statut: bdcStatut,
      signe: instant,
      remise,
      commercial: fc.nat(2),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('updateCommande' as const),
      pick: fc.nat(),
      field: fc.constantFrom('statut', 'numero', 'client_nom'),
      statut: commandeStatut,
    }),
  },
  fc.record({ op: fc.constant('deleteCommande' as const), pick: fc.nat() }),
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('insertLine' as const), pick: fc.nat(), ligne }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant('updateLine' as const),
      pick: fc.nat(),
      set: fc.record(
        { type: ligneType, ht: fc.option(amount), quantite, produit: fc.nat(6), bdc: fc.nat() },
        { requiredKeys: [] }
      ),
    }),
  },
  fc.record({ op: fc.constant('deleteLine' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('shiftAll' as const), hours: fc.integer({ min: -900, max: 900 }) }),
  fc.record({ op: fc.constant('linesPlusOne' as const) }),
  { weight: 2, arbitrary: fc.record({ op: fc.constant('prix' as const), pick: fc.nat(), prix }) },
  fc.record({ op: fc.constant('prixAll' as const), prix }),
  fc.record({ op: fc.constant('deleteProduit' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('compact' as const) })
)

const STAMPS = { created_at: new Date(), updated_at: new Date() }

/** Commandes with their bdc and lines as raw rows, products, two commercials. */
async function world() {
  const client = await ClientFactory.create()
  const alice = await makeUser('esi')
  const bob = await makeUser('esi')
  const commerciaux = [null, alice.id, bob.id]
  const produits: (number | null)[] = [null]
  for (const [c, p] of [
    ['Châssis', 500_00],
    ['Volets', null],
    [null, 0],
    ['Portes', 333],
    ['Stores', 12_345],
  ] as const) {
    const made = await makeProduit(c, p)
    produits.push(made.id)
  }
  const commandes: { id: number; bdc: number }[] = []
  const bdcs: number[] = []
  const lines: number[] = []
  let serial = 0
  const produitOf = (n: number) => produits[n % produits.length]

  async function addLine(
    bdc: number,
    l: { type: string; ht: number | null; quantite: string | null; produit: number }
  ) {
    const [row] = await db
      .table('bdc_lignes')
      .insert({
        bdc_id: bdc,
        position: ++serial,
        type: l.type,
        total_ht: l.ht,
        quantite: l.quantite,
        produit_id: produitOf(l.produit),
        designation: 'Ligne',
      })
      .returning('id')
    lines.push(row.id ?? row)
  }

  async function insertCommande(o: {
    statut: string
    signe: string
    remise: number
    commercial: number
    commande: string
    lignes: { type: string; ht: number | null; quantite: string | null; produit: number }[]
  }) {
    const devis = await makeDevis({ client })
    const [bdc] = await db
      .table('bdcs')
      .insert({
        ...STAMPS,
        numero: `T-B-${++serial}`,
        devis_id: devis.id,
        devis_revision: 1,
        client_id: client.idClient,
        objet: 'Test',
        remise_globale_pct: o.remise,
        statut: o.statut,
        signe_le: o.statut === 'a_signer' ? null : o.signe,
        commercial_id: commerciaux[o.commercial],
      })
      .returning('id')
    const bdcId = bdc.id ?? bdc
    bdcs.push(bdcId)
    for (const l of o.lignes) await addLine(bdcId, l)
    const [commande] = await db
      .table('commandes')
      .insert({
        ...STAMPS,
        numero: `T-C-${String(1000 - serial).padStart(4, '0')}`,
        bdc_id: bdcId,
        client_id: client.idClient,
        client_nom: `Client ${serial % 3}`,
        objet: 'Test',
        statut: o.commande,
      })
      .returning('id')
    commandes.push({ id: commande.id ?? commande, bdc: bdcId })
  }

  return { commerciaux, produits, commandes, bdcs, lines, addLine, insertCommande, produitOf }
}

type World = Awaited<ReturnType<typeof world>>

async function assertSame(assert: any, w: World, periods: [string, string][], context: string) {
  for (const [du, au] of periods) {
    for (const commercial of [null, NO_COMMERCIAL, String(w.commerciaux[1])]) {
      for (const limit of [ANALYSE_TABLE_MAX, 2, null]) {
        const params = { du, au, commercial, source: 'factures' as const, warnings: [] }
        assert.deepEqual(
          await rentabilite(params, limit),
          await formerRentabilite(params, limit),
          `${context} ${du}…${au} ${commercial} ${limit}`
        )
      }
    }
  }
}

/** The stored rate and thousandths equal what each row's figures give (none left stale). */
async function assertStored(assert: any, context: string) {
  const { rows } = await db.rawQuery(
    `SELECT
       (SELECT count(*)::int FROM rentabilite_commandes
        WHERE taux IS DISTINCT FROM (CASE WHEN vente_connue > 0
          THEN (vente_connue - cout)::numeric / vente_connue END)) AS taux,
       (SELECT count(*)::int FROM rentabilite_produits
        WHERE quantite_milliemes::numeric <> quantite * 1000) AS quantite`
  )
  assert.deepEqual(rows[0], { taux: 0, quantite: 0 }, context)
}

/** periodBuckets as it was written with luxon (decision 693), the oracle of its arithmetic. */
function formerPeriodBuckets(du: string, au: string) {
  const spans = [
    ['a', 12],
    ['s', 6],
    ['t', 3],
    ['m', 1],
  ] as const
  const end = DateTime.fromISO(au).plus({ days: 1 })
  const buckets: Record<string, string[]> = { a: [], s: [], t: [], m: [] }
  const days: [string, string][] = []
  let cursor = DateTime.fromISO(du)
  while (cursor < end) {
    const at = cursor
    const span = spans.find(
      ([, months]) => at.day === 1 && (at.month - 1) % months === 0 && at.plus({ months }) <= end
    )
    if (span) {
      buckets[span[0]].push(cursor.toISODate()!)
      cursor = cursor.plus({ months: span[1] })
    } else {
      const next = DateTime.min(cursor.startOf('month').plus({ months: 1 }), end)
      days.push([cursor.toISODate()!, next.toISODate()!])
      cursor = next
    }
  }
  return { buckets, days }
}

test.group('Analyse / rentabilité / pre-aggregate', (group) => {
  withTransaction(group)

  test('the page equals the former query after random sequences of writes', async ({ assert }) => {
    const w = await world()
    const { commandes, bdcs, lines, produits, produitOf, commerciaux } = w
    await fc.assert(
      fc.asyncProperty(
        fc.array(op, { minLength: 1, maxLength: 12 }),
        period,
        async (ops, random) => {
          for (const o of ops) {
            const pick = 'pick' in o ? o.pick : 0
            const commande = commandes.length ? commandes[pick % commandes.length] : null
            if (o.op === 'insert') {
              await w.insertCommande(o)
            } else if (o.op === 'updateBdc' && commande) {
              const values =
                o.field === 'statut'
                  ? { statut: o.statut, signe_le: o.statut === 'a_signer' ? null : o.signe }
                  : o.field === 'signe'
                    ? { signe_le: o.signe }
                    : o.field === 'remise'
                      ? { remise_globale_pct: o.remise }
                      : { commercial_id: commerciaux[o.commercial] }
              await db.from('bdcs').where('id', commande.bdc).update(values)
            } else if (o.op === 'updateCommande' && commande) {
              const values =
                o.field === 'statut'
                  ? { statut: o.statut }
                  : o.field === 'numero'
                    ? { numero: `T-R-${commande.id}-${pick % 97}` }
                    : { client_nom: `Renommé ${pick % 5}` }
              await db.from('commandes').where('id', commande.id).update(values)
            } else if (o.op === 'deleteCommande' && commande) {
              commandes.splice(commandes.indexOf(commande), 1)
              await db.from('commandes').where('id', commande.id).delete()
              // Its bdc too, half the time (its lines cascade)
              if (pick % 2) {
                bdcs.splice(bdcs.indexOf(commande.bdc), 1)
                const gone = await db.from('bdc_lignes').where('bdc_id', commande.bdc).select('id')
                for (const g of gone) lines.splice(lines.indexOf(Number(g.id)), 1)
                await db.from('bdcs').where('id', commande.bdc).delete()
              }
            } else if (o.op === 'insertLine' && bdcs.length) {
              await w.addLine(bdcs[pick % bdcs.length], o.ligne)
            } else if (o.op === 'updateLine' && lines.length) {
              const values: Record<string, unknown> = {}
              if (o.set.type !== undefined) values.type = o.set.type
              if (o.set.ht !== undefined) values.total_ht = o.set.ht
              if (o.set.quantite !== undefined) values.quantite = o.set.quantite
              if (o.set.produit !== undefined) values.produit_id = produitOf(o.set.produit)
              if (o.set.bdc !== undefined && bdcs.length)
                values.bdc_id = bdcs[o.set.bdc % bdcs.length]
              if (Object.keys(values).length) {
                await db
                  .from('bdc_lignes')
                  .where('id', lines[pick % lines.length])
                  .update(values)
              }
            } else if (o.op === 'deleteLine' && lines.length) {
              const [id] = lines.splice(pick % lines.length, 1)
              await db.from('bdc_lignes').where('id', id).delete()
            } else if (o.op === 'shiftAll') {
              await db.rawQuery(
                `UPDATE bdcs SET signe_le = signe_le + make_interval(hours => ?::int)
                 WHERE id = ANY(?)`,
                [o.hours, bdcs]
              )
            } else if (o.op === 'linesPlusOne') {
              await db.rawQuery(
                `UPDATE bdc_lignes SET total_ht = total_ht + 1, quantite = quantite + 1
                 WHERE id = ANY(?)`,
                [lines]
              )
            } else if (o.op === 'prix') {
              const id = produitOf(pick)
              if (id !== null)
                await db.from('produits').where('id', id).update({ prix_achat: o.prix })
            } else if (o.op === 'prixAll') {
              await db
                .from('produits')
                .whereIn('id', produits.filter((p) => p !== null) as number[])
                .update({ prix_achat: o.prix })
            } else if (o.op === 'deleteProduit') {
              const i = 1 + (pick % (produits.length - 1))
              // Its lines lose their product; a new product takes its place for the next lines
              await db.from('produits').where('id', produits[i]!).delete()
              const nouveau = await makeProduit('Nouveau', 250_00)
              produits[i] = nouveau.id
            } else if (o.op === 'compact') {
              await db.rawQuery('SELECT rentabilite_compact()')
            }
          }
          await assertStored(assert, JSON.stringify(ops))
          await assertSame(assert, w, [...PERIODS.slice(0, 5), random], JSON.stringify(ops))
        }
      ),
      { numRuns: 40 }
    )
    await assertSame(assert, w, PERIODS, 'at the end')
    await db.rawQuery('SELECT rentabilite_compact()')
    await assertSame(assert, w, PERIODS, 'after a compaction')
    await db.rawQuery('TRUNCATE rentabilite_commandes, rentabilite_produits')
    await db.rawQuery('SELECT rentabilite_rebuild()')
    await assertStored(assert, 'after a rebuild')
    await assertSame(assert, w, PERIODS, 'after a rebuild')
  }).timeout(300_000)

  test('a period reads its whole years, halves, quarters and months, and the days left', ({
    assert,
  }) => {
    assert.deepEqual(periodBuckets('2025-12-01', '2026-11-30'), {
      buckets: {
        a: [],
        s: ['2026-01-01'],
        t: ['2026-07-01'],
        m: ['2025-12-01', '2026-10-01', '2026-11-01'],
      },
      days: [],
    })
    assert.deepEqual(periodBuckets('2025-12-15', '2027-02-10'), {
      buckets: { a: ['2026-01-01'], s: [], t: [], m: ['2027-01-01'] },
      days: [
        ['2025-12-15', '2026-01-01'],
        ['2027-02-01', '2027-02-11'],
      ],
    })
    assert.deepEqual(periodBuckets('2026-03-05', '2026-03-20').days, [['2026-03-05', '2026-03-21']])
    assert.deepEqual(periodBuckets('2026-03-01', '2026-03-31').buckets.m, ['2026-03-01'])
    assert.deepEqual(periodBuckets('2026-04-02', '2026-04-01'), {
      buckets: { a: [], s: [], t: [], m: [] },
      days: [],
    })
    // Any period of 2023–2029 (leap days, year ends, firsts of months often) as luxon cut it
    const day = fc.oneof(
      fc.date({ min: new Date('2023-01-01'), max: new Date('2029-12-31'), noInvalidDate: true }),
      fc
        .record({ y: fc.integer({ min: 2023, max: 2029 }), m: fc.integer({ min: 0, max: 11 }) })
        .map(({ y, m }) => new Date(Date.UTC(y, m, 1))),
      fc
        .record({ y: fc.integer({ min: 2023, max: 2029 }), m: fc.integer({ min: 1, max: 12 }) })
        .map(({ y, m }) => new Date(Date.UTC(y, m, 0)))
    )
    fc.assert(
      fc.property(day, day, (a, b) => {
        const [du, au] = [a, b].map((d) => d.toISOString().slice(0, 10)).sort()
        assert.deepEqual(periodBuckets(du, au), formerPeriodBuckets(du, au), `${du}…${au}`)
      }),
      { numRuns: 2000 }
    )
  })
})
