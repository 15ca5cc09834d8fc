/*
 * The two pre-aggregates of migration 0890 (decisions 721–722) against the queries they
 * replaced, kept here as oracles, after random sequences (fast-check) of writes to the tables
 * they join:
 * - offres_cohorte_jour (DashboardPro's cohort): offres made, transmitted, re-dated, given or
 *   taken a devis, moved to another société, deleted, several at once, by the real chain
 *   (offre → devis → bdc → signature); bdcs made, signed, unsigned, repriced, several at once,
 *   deleted. Compared per (société, day) and as partenaireFigures' rows over two periods;
 * - commandes_acomptes (« acomptes attendus »): commandes signed by the real path, moved between
 *   steps and statuts, several at once, moved to another bdc, deleted; acomptes changed.
 * Compactions between them.
 */
import { test } from '@japa/runner'
import fc from 'fast-check'
import db from '@adonisjs/lucid/services/db'
import { withTransaction, makeUser } from '#tests/helpers'
import { instantOf2026 } from '#tests/fixtures/arbitraries'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { makeOffre, proWithContact } from '#tests/functional/offres/helpers'
import { offreJusqua } from '#tests/functional/dashboard/helpers'
import { commandeSignee } from '#tests/functional/commandes/timeline_helpers'
import { partenaireFigures, parsePartenaireParams } from '#services/dashboard/partenaires'
import { staffFigures } from '#services/dashboard/staff_figures'
import { ETAPES } from '#shared/commande_etapes'
import { todayIso } from '#shared/dates'

const TZ = 'Europe/Brussels'

/** The cohort as stored (deltas summed per key, zero keys left out), then recomputed. */
const COHORTE_STORED = `
  SELECT societe_id AS s, jour::text AS j, sum(transmises)::bigint AS t,
    sum(converties)::bigint AS c, sum(signees)::bigint AS g, sum(ca_ht)::bigint AS ca
  FROM offres_cohorte_jour GROUP BY 1, 2
  HAVING sum(transmises) <> 0 OR sum(converties) <> 0 OR sum(signees) <> 0 OR sum(ca_ht) <> 0
  ORDER BY 1, 2`
// The former read (decision 642): the offres and one signed-bdc probe per offre, here per day
const COHORTE_FORMER = `
  SELECT o.societe_id AS s, (o.transmise_le AT TIME ZONE '${TZ}')::date::text AS j,
    count(*)::bigint AS t, count(o.devis_id)::bigint AS c, count(b.total_ht)::bigint AS g,
    coalesce(sum(b.total_ht), 0)::bigint AS ca
  FROM offres o
  LEFT JOIN LATERAL (
    SELECT sb.total_ht FROM bdcs sb WHERE sb.devis_id = o.devis_id AND sb.statut = 'signe' LIMIT 1
  ) b ON true
  WHERE o.transmise_le IS NOT NULL
  GROUP BY 1, 2 ORDER BY 1, 2`

/** partenaireFigures' statement before decision 721 (every pro société, one period). */
const PARTENAIRES_FORMER = `
  WITH f AS (
    SELECT o.societe_id, count(*) AS transmises, count(o.devis_id) AS converties,
      count(b.total_ht) AS signees, coalesce(sum(b.total_ht), 0) AS ca_ht
    FROM offres o
    LEFT JOIN LATERAL (
      SELECT sb.total_ht FROM bdcs sb
      WHERE sb.devis_id = o.devis_id AND sb.statut = 'signe' LIMIT 1
    ) b ON true
    WHERE o.transmise_le >= (?::date)::timestamp AT TIME ZONE '${TZ}'
      AND o.transmise_le < ((?::date) + 1)::timestamp AT TIME ZONE '${TZ}'
    GROUP BY o.societe_id
  )
  SELECT s.id, coalesce(f.transmises, 0) AS transmises, coalesce(f.converties, 0) AS converties,
    coalesce(f.signees, 0) AS signees, coalesce(f.ca_ht, 0) AS ca_ht,
    f.signees::float / nullif(f.transmises, 0) AS taux,
    (SELECT coalesce(sum(ac.n), 0) FROM apporteur_clients ac
      WHERE ac.apporteur_id = s.id) AS clients_apportes
  FROM societes s LEFT JOIN f ON f.societe_id = s.id
  WHERE s.type = 'pro'
  ORDER BY ca_ht DESC NULLS LAST, s.id`

const ACOMPTES_STORED = `
  SELECT coalesce(sum(n), 0)::bigint AS n, coalesce(sum(montant), 0)::bigint AS m
  FROM commandes_acomptes`
// The former read (decision 641): one bdc probe per commande waiting for its acompte
const ACOMPTES_FORMER = `
  SELECT count(*)::bigint AS n,
    coalesce(sum((SELECT b.acompte FROM bdcs b WHERE b.id = c.bdc_id)), 0)::bigint AS m
  FROM commandes c WHERE c.statut IN ('en_attente', 'en_cours') AND c.etape_courante = 'acompte'`

const PERIODS = [
  ['2025-01-01', '2027-12-31'],
  ['2026-03-01', '2026-08-31'],
] as const

async function assertCurrent(assert: any, message: string) {
  // One after the other: the test's global transaction is one connection
  const stored = await db.rawQuery(COHORTE_STORED)
  const former = await db.rawQuery(COHORTE_FORMER)
  assert.deepEqual(stored.rows, former.rows, `cohorte: ${message}`)
  for (const [du, au] of PERIODS) {
    const figures = await partenaireFigures(parsePartenaireParams({ du, au, sort: '-ca' }))
    const formerRows = await db.rawQuery(PARTENAIRES_FORMER, [du, au])
    const rows = formerRows.rows
    assert.deepEqual(
      figures.map((f) => [f.id, f.transmises, f.converties, f.signees, f.ca_ht, f.taux]),
      rows.map((r: any) => [
        Number(r.id),
        Number(r.transmises),
        Number(r.converties),
        Number(r.signees),
        Number(r.ca_ht),
        r.taux === null ? null : Number(r.taux),
      ]),
      `partenaireFigures ${du}…${au}: ${message}`
    )
    assert.deepEqual(
      figures.map((f) => f.clients_apportes),
      rows.map((r: any) => Number(r.clients_apportes)),
      `clients apportés: ${message}`
    )
  }
  const acomptesStored = await db.rawQuery(ACOMPTES_STORED)
  const acomptesFormer = await db.rawQuery(ACOMPTES_FORMER)
  const [a, b] = [acomptesStored.rows[0], acomptesFormer.rows[0]]
  assert.deepEqual(a, b, `acomptes: ${message}`)
  const staff = await staffFigures(todayIso())
  assert.deepEqual(
    staff.acomptes_attendus,
    { nombre: Number(b.n), montant: Number(b.m) },
    `staffFigures: ${message}`
  )
}

const instant = instantOf2026(200)
const amount = fc.integer({ min: 0, max: 5_000_000 })
const bdcStatut = fc.constantFrom('a_signer', 'signe', 'annule')
const commandeStatut = fc.constantFrom('en_attente', 'en_cours', 'terminee', 'annulee')
const etape = fc.option(fc.constantFrom(...ETAPES, 'acompte', 'acompte'))

const op = fc.oneof(
  fc.record({ kind: fc.constant('offre' as const), societe: fc.nat(2), at: fc.option(instant) }),
  fc.record({
    kind: fc.constant('offre_update' as const),
    pick: fc.nat(),
    set: fc.record(
      { transmise_le: fc.option(instant), devis: fc.option(fc.nat()), societe: fc.nat(2) },
      { requiredKeys: [] }
    ),
  }),
  fc.record({ kind: fc.constant('offres_shift' as const), days: fc.integer({ min: -3, max: 3 }) }),
  fc.record({ kind: fc.constant('offre_delete' as const), pick: fc.nat() }),
  fc.record({
    kind: fc.constant('chain' as const),
    societe: fc.nat(2),
    until: fc.constantFrom('transmise', 'devis', 'bdc', 'signee') as fc.Arbitrary<
      'transmise' | 'devis' | 'bdc' | 'signee'
    >,
  }),
  fc.record({ kind: fc.constant('bdc' as const) }),
  fc.record({
    kind: fc.constant('bdc_update' as const),
    pick: fc.nat(),
    set: fc.record({ statut: bdcStatut, total_ht: amount, acompte: amount }, { requiredKeys: [] }),
  }),
  fc.record({ kind: fc.constant('bdc_bulk' as const), from: bdcStatut, to: bdcStatut }),
  fc.record({
    kind: fc.constant('bdcs_acompte' as const),
    add: fc.integer({ min: -500, max: 500 }),
  }),
  fc.record({ kind: fc.constant('bdc_delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('commande' as const) }),
  fc.record({
    kind: fc.constant('commande_update' as const),
    pick: fc.nat(),
    set: fc.record({ statut: commandeStatut, etape_courante: etape }, { requiredKeys: [] }),
  }),
  fc.record({ kind: fc.constant('commandes_all' as const), etape_courante: etape }),
  fc.record({ kind: fc.constant('commande_rebdc' as const), pick: fc.nat(), bdc: fc.nat() }),
  fc.record({ kind: fc.constant('commande_delete' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('compact' as const) })
)

// The tables whose rows forbid deleting a commande (ON DELETE RESTRICT)
const COMMANDE_REFS = [
  'factures',
  'commande_fichiers',
  'commandes_fournisseur',
  'livraisons',
  'receptions',
  'avenants',
  'planning_demandes',
  'planifications',
]

test.group('Dashboards / cohort and acomptes pre-aggregates', (group) => {
  withTransaction(group)

  test('equal the former queries after random sequences of writes', async ({ assert }) => {
    const esi = await makeUser('esi')
    const pros = [await proWithContact(), await proWithContact(), await proWithContact()]
    const offres: number[] = []
    const bdcs: number[] = []
    const devis: number[] = []
    const commandes: number[] = []
    const pick = <T>(list: T[], n: number) => (list.length ? list[n % list.length] : undefined)
    const chain = async (k: number, until: 'transmise' | 'devis' | 'bdc' | 'signee') => {
      const made = await offreJusqua(esi, pros[k].societe, pros[k].contact, until)
      offres.push(made.offre.id)
      if (made.devisId) devis.push(made.devisId)
      if (made.bdc) bdcs.push(made.bdc.id)
    }
    // A few of each to start with, so the updates have rows to change
    await chain(0, 'signee')
    await chain(1, 'bdc')
    await chain(2, 'devis')
    for (let i = 0; i < 2; i++) {
      const { bdc, commande } = await commandeSignee()
      bdcs.push(bdc.id)
      devis.push(bdc.devisId)
      commandes.push(commande.id)
    }
    await assertCurrent(assert, 'at start')

    await fc.assert(
      fc.asyncProperty(fc.array(op, { minLength: 1, maxLength: 8 }), async (ops) => {
        for (const o of ops) {
          if (o.kind === 'offre') {
            const offre = await makeOffre(pros[o.societe].societe, pros[o.societe].contact, {
              statut: 'transmise',
            })
            await db.from('offres').where('id', offre.id).update({ transmise_le: o.at })
            offres.push(offre.id)
          } else if (o.kind === 'offre_update' && Object.keys(o.set).length) {
            const id = pick(offres, o.pick)
            const set: Record<string, unknown> = {}
            if ('transmise_le' in o.set) set.transmise_le = o.set.transmise_le
            if ('devis' in o.set)
              set.devis_id = o.set.devis === null ? null : pick(devis, o.set.devis!)
            if ('societe' in o.set) set.societe_id = pros[o.set.societe!].societe.id
            if (id) await db.from('offres').where('id', id).update(set)
          } else if (o.kind === 'offres_shift' && offres.length) {
            await db
              .from('offres')
              .whereIn('id', offres)
              .update({ transmise_le: db.raw('transmise_le + make_interval(days => ?)', [o.days]) })
          } else if (o.kind === 'offre_delete') {
            const id = pick(offres, o.pick)
            const gone = id
              ? await db.rawQuery(
                  `DELETE FROM offres o WHERE o.id = ?
                     AND NOT EXISTS (SELECT 1 FROM devis d WHERE d.offre_id = o.id) RETURNING id`,
                  [id]
                )
              : null
            if (gone?.rows.length) offres.splice(offres.indexOf(id!), 1)
          } else if (o.kind === 'chain') {
            await chain(o.societe, o.until)
          } else if (o.kind === 'bdc') {
            const bdc = await makeBdc()
            bdcs.push(bdc.id)
            devis.push(bdc.devisId)
          } else if (o.kind === 'bdc_update' && Object.keys(o.set).length) {
            const id = pick(bdcs, o.pick)
            if (id) await db.from('bdcs').where('id', id).update(o.set)
          } else if (o.kind === 'bdc_bulk' && bdcs.length) {
            await db
              .from('bdcs')
              .whereIn('id', bdcs)
              .where('statut', o.from)
              .update({ statut: o.to, signe_le: db.raw('coalesce(signe_le, now())') })
          } else if (o.kind === 'bdcs_acompte' && bdcs.length) {
            await db
              .from('bdcs')
              .whereIn('id', bdcs)
              .update({ acompte: db.raw('greatest(acompte + ?, 0)', [o.add]) })
          } else if (o.kind === 'bdc_delete') {
            const id = pick(bdcs, o.pick)
            const gone = id
              ? await db.rawQuery(
                  `DELETE FROM bdcs b WHERE b.id = ?
                     AND NOT EXISTS (SELECT 1 FROM commandes c WHERE c.bdc_id = b.id)
                     AND NOT EXISTS (SELECT 1 FROM factures f WHERE f.bdc_id = b.id)
                     AND NOT EXISTS (SELECT 1 FROM avenants a WHERE a.bdc_id = b.id)
                     AND NOT EXISTS (SELECT 1 FROM demandes_paiement p WHERE p.bdc_id = b.id)
                     AND NOT EXISTS (SELECT 1 FROM signature_preuves s WHERE s.bdc_id = b.id)
                   RETURNING id`,
                  [id]
                )
              : null
            if (gone?.rows.length) bdcs.splice(bdcs.indexOf(id!), 1)
          } else if (o.kind === 'commande') {
            const { bdc, commande } = await commandeSignee()
            bdcs.push(bdc.id)
            devis.push(bdc.devisId)
            commandes.push(commande.id)
          } else if (o.kind === 'commande_update' && Object.keys(o.set).length) {
            const id = pick(commandes, o.pick)
            if (id) await db.from('commandes').where('id', id).update(o.set)
          } else if (o.kind === 'commandes_all' && commandes.length) {
            await db
              .from('commandes')
              .whereIn('id', commandes)
              .update({ etape_courante: o.etape_courante })
          } else if (o.kind === 'commande_rebdc') {
            const id = pick(commandes, o.pick)
            const bdc = pick(bdcs, o.bdc)
            if (id && bdc)
              await db.rawQuery(
                `UPDATE commandes SET bdc_id = ? WHERE id = ?
                   AND NOT EXISTS (SELECT 1 FROM commandes c WHERE c.bdc_id = ?)`,
                [bdc, id, bdc]
              )
          } else if (o.kind === 'commande_delete') {
            const id = pick(commandes, o.pick)
            const gone = id
              ? await db.rawQuery(
                  `DELETE FROM commandes c WHERE c.id = ? ${COMMANDE_REFS.map(
                    (t) => `AND NOT EXISTS (SELECT 1 FROM ${t} r WHERE r.commande_id = c.id)`
                  ).join(' ')} RETURNING id`,
                  [id]
                )
              : null
            if (gone?.rows.length) commandes.splice(commandes.indexOf(id!), 1)
          } else if (o.kind === 'compact') {
            await db.rawQuery('SELECT dashboard_jour_compact()')
          }
        }
        await assertCurrent(assert, JSON.stringify(ops))
      }),
      { numRuns: 25 }
    )
  }).timeout(600_000)
})
