/*
 * Issue 15 §1, decisions 817 and 819: the analyse pages (rentabilité first, then every one of
 * VersionedSum) are kept in the process while nothing their statement reads was written. Each one's number is the sum
 * of its rows of an insert-only table of writes (migration 0926), moved when a write commits —
 * not before: a visit during a write in progress keeps the page without it under the old
 * number, and the write, once committed, shows on the next visit (a sequence, seen before its
 * writer commits, failed this) — and no writer waits for another. No global transaction: the
 * numbers move at COMMIT, so the rows are committed (in 2041, a period no other test uses) and
 * removed after each test.
 */
import pg from 'pg'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import User from '#models/user'
import { makeUser, withTransaction } from '#tests/helpers'
import { until } from '#tests/functional/faults/app_process'
import { parseAnalyseParams } from '#services/analyse/params'
import { keptAnalyseKey } from '#services/analyse/reads'
import { rentabilite } from '#services/analyse/rentabilite'
import { acceptation } from '#services/analyse/acceptation'
import { occupation } from '#services/analyse/techniciens'
import { devisStats } from '#services/devis_list/devis_stats'
import { chiffreAffaires } from '#services/analyse/chiffre_affaires'
import {
  parsePartenaireParams,
  partenaireFigures,
  sortString,
} from '#services/dashboard/partenaires'
import { ProduitFactory } from '#database/factories/produit_factory'
import {
  analyseAs,
  commandeSigneeLe,
  ligneDe,
  makeProduit,
} from '#tests/functional/analyse/helpers'
import { SocieteFactory } from '#database/factories/societe_factory'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { forgetVersionedValues, keptVersionedValue } from '#services/cache/versioned_cache'
import { ANALYSES_ECRITES } from '#database/migrations/0926_create_analyse_ecritures_table'
import { TABLEAU_BORD_ECRIT } from '#database/migrations/0927_add_tableau_bord_ecritures'
import { CREANCES_TOTAUX_ECRIT } from '#database/migrations/0928_add_creances_totaux_ecritures'
import {
  creanceTotals,
  creanceTotalsKey,
  parseCreanceListParams,
} from '#services/creances/creance_list'
import { FOLD_AFTER } from '#services/analyse/ecritures'
import { comptaFigures } from '#services/creances/compta_figures'
import { staffFigures } from '#services/dashboard/staff_figures'
import { ClientFactory } from '#database/factories/client_factory'
import Devis from '#models/devis'
import { DEVIS_A_RELANCER_JOURS, type StaffFigures } from '#shared/dashboard'
import { todayIso } from '#shared/dates'
import type { VersionedSum } from '#services/http/request_bundle'
import type { Rentabilite } from '#shared/analyse'

const PERIOD = '?du=2041-01-01&au=2041-12-31'
/** The key of a page kept per period and commercial (none here). */
const KEY = keptAnalyseKey(['2041-01-01', '2041-12-31', null])
/** The tables whose writes move each number (migrations 0926 and 0927). */
const ECRITES: Record<VersionedSum, string[]> = {
  ...ANALYSES_ECRITES,
  tableau_bord: TABLEAU_BORD_ECRIT,
  creances_totaux: CREANCES_TOTAUX_ECRIT,
}

/** The keys of the pages that are not kept per period and commercial. */
const KEYS: Partial<Record<VersionedSum, string>> = {
  // The staff dashboard: its Brussels day (the period is not its own)
  tableau_bord: keptAnalyseKey([todayIso()]),
  // The créances' totals of the unfiltered page: its day
  creances_totaux: creanceTotalsKey(parseCreanceListParams({}), todayIso())!,
  // The Dashboard pro: its period and default sort
  partenaires: keptAnalyseKey([
    '2041-01-01',
    '2041-12-31',
    sortString(parsePartenaireParams({}).sort),
  ]),
  // The CA: its period and default source
  chiffre_affaires: keptAnalyseKey(['2041-01-01', '2041-12-31', parseAnalyseParams({}).source]),
}
/** Commande ids no real commande has (the pre-aggregates have no foreign key). */
const FIRST_ID = 2_000_000_001

/** A commande's row in the pre-aggregate, as the triggers would write it (SQL, bindings). */
function commandeRow(id: number, venteCents: number, coutCents: number): [string, any[]] {
  return [
    `INSERT INTO rentabilite_commandes (commande_id, numero, client_nom, signe_le, commercial_id,
       lignes, vente_connue, cout, inconnu)
     VALUES (?, ?, 'Client kept', '2041-03-10T10:00:00Z', NULL, 1, ?, ?, 0)`,
    [id, `CMD-KEPT-${id}`, venteCents, coutCents],
  ]
}

async function visit(client: any, user: User): Promise<Rentabilite> {
  const { response, props } = await analyseAs(client, user, PAGES.rentabilite, PERIOD)
  response.assertStatus(200)
  return props.rentabilite
}

const numeros = (r: Rentabilite) => r.commandes.map((c) => c.numero).sort()

/** Visits, and checks the page is now kept. */
async function visitKept(client: any, user: User, assert: any): Promise<Rentabilite> {
  const r = await visit(client, user)
  assert.isDefined(keptVersionedValue(['rentabilite'], KEY), 'kept')
  return r
}

/** The number a request reads with its session. */
async function number(): Promise<number> {
  const { rows } = await db.rawQuery(
    "SELECT coalesce(sum(n), 0) AS n FROM analyse_ecritures WHERE nom = 'rentabilite'"
  )
  return Number(rows[0].n)
}

/** A connection of its own, as another server process would have. */
async function otherProcess() {
  const c = new pg.Client({ connectionString: env.get('DATABASE_URL') })
  await c.connect()
  return c
}

/** commandeRow written through another process's connection (knex's `?` as the driver's `$n`). */
async function writeCommandeRow(c: pg.Client, id: number, venteCents: number, coutCents: number) {
  const [sql, bindings] = commandeRow(id, venteCents, coutCents)
  let n = 0
  await c.query(
    sql.replace(/\?/g, () => `$${++n}`),
    bindings
  )
}

/** Each kept analyse's page. */
const PAGES: Record<VersionedSum, string> = {
  rentabilite: '/esi/analyse/rentabilite',
  acceptation: '/esi/analyse/acceptation',
  occupation: '/esi/analyse/techniciens',
  partenaires: '/esi/dashboard-pro',
  devis_stats: '/esi/devis/stats',
  chiffre_affaires: '/esi/analyse/chiffre-affaires',
  tableau_bord: '/dashboard',
  creances_totaux: '/esi/compta/creance',
}

/** How many rows analyse_ecritures holds (what a fold brings back under FOLD_AFTER). */
async function ecrituresRows(): Promise<number> {
  const { rows } = await db.rawQuery('SELECT count(*)::int AS n FROM analyse_ecritures')
  return rows[0].n as number
}

test.group('Analyse / the analyse pages kept between visits', (group) => {
  let user: User
  group.each.setup(async () => {
    forgetVersionedValues()
    user = await makeUser('esi')
  })
  group.each.teardown(async () => {
    await db.from('rentabilite_commandes').where('commande_id', '>=', FIRST_ID).delete()
    await db.from('audit_logs').where('user_id', user.id).delete()
    await User.query().where('id', user.id).delete()
    forgetVersionedValues()
  })

  test('kept while nothing is written; a write shows on the next visit', async ({
    client,
    assert,
  }) => {
    await db.rawQuery(...commandeRow(FIRST_ID, 1000_00, 600_00))
    const first = await visitKept(client, user, assert)
    assert.deepEqual(numeros(first), [`CMD-KEPT-${FIRST_ID}`])

    // A change that does not move the counter (triggers off for that transaction): the kept
    // page is served, so the statement was not sent again
    await db.transaction(async (trx) => {
      await trx.rawQuery("SET LOCAL session_replication_role = 'replica'")
      await trx.rawQuery(...commandeRow(FIRST_ID + 1, 500_00, 100_00))
    })
    assert.deepEqual(numeros(await visit(client, user)), [`CMD-KEPT-${FIRST_ID}`])

    // An ordinary write moves it: both rows now
    await db
      .from('rentabilite_commandes')
      .where('commande_id', FIRST_ID)
      .update({ client_nom: 'Client renommé' })
    const fresh = await visit(client, user)
    assert.deepEqual(numeros(fresh), [`CMD-KEPT-${FIRST_ID}`, `CMD-KEPT-${FIRST_ID + 1}`])
    assert.include(
      fresh.commandes.map((c) => c.client_nom),
      'Client renommé'
    )
  })

  test('a visit during a write in progress keeps the page without it; the write shows once committed', async ({
    client,
    assert,
  }) => {
    await db.rawQuery(...commandeRow(FIRST_ID, 1000_00, 600_00))
    await visitKept(client, user, assert)

    // Another process writes: the row and the number move at its COMMIT, not before
    const writer = await otherProcess()
    try {
      await writer.query('BEGIN')
      await writeCommandeRow(writer, FIRST_ID + 1, 500_00, 100_00)
      const during = await visit(client, user)
      assert.deepEqual(numeros(during), [`CMD-KEPT-${FIRST_ID}`], 'not committed: not shown')
      await writer.query('COMMIT')
    } finally {
      await writer.end()
    }
    const after = await visit(client, user)
    assert.deepEqual(numeros(after), [`CMD-KEPT-${FIRST_ID}`, `CMD-KEPT-${FIRST_ID + 1}`])
  })

  test('every write moves the number once per transaction; the nightly fold keeps it', async ({
    assert,
  }) => {
    const before = await number()
    await db.rawQuery(...commandeRow(FIRST_ID, 1000_00, 600_00))
    const afterCommande = await number()
    assert.equal(afterCommande, before + 1)
    // Three statements on two tables in one transaction: one write
    await db.transaction(async (trx) => {
      await trx.rawQuery(
        `INSERT INTO rentabilite_produits (kind, jour, commercial_id, produit_id, lignes,
           quantite, vente_connue, cout, inconnu)
         VALUES ('j', '2041-03-10', NULL, NULL, 0, 0, 0, 0, 0)`
      )
      await trx.from('rentabilite_produits').where('jour', '2041-03-10').delete()
      await trx.from('rentabilite_commandes').where('commande_id', FIRST_ID).update({ lignes: 2 })
    })
    assert.equal(await number(), afterCommande + 1)
    const produit = await ProduitFactory.create()
    try {
      assert.equal(await number(), afterCommande + 2)
    } finally {
      await db.from('produits').where('id', produit.id).delete()
    }
    // The nightly fold rewrites the product rows (one write), then folds the writes into one row
    const folded = await number()
    await db.rawQuery('SELECT rentabilite_compact()')
    await db.rawQuery('SELECT analyse_ecritures_compact()')
    assert.equal(await number(), folded + 1)
    const { rows } = await db.rawQuery(
      "SELECT count(*)::int AS n FROM analyse_ecritures WHERE nom = 'rentabilite'"
    )
    assert.equal(rows[0].n, 1)
  })

  test('no writer waits for another', async ({ assert }) => {
    const first = await otherProcess()
    const second = await otherProcess()
    try {
      await first.query('BEGIN')
      await writeCommandeRow(first, FIRST_ID, 1000_00, 600_00)
      // A counter row would be locked by `first` until its COMMIT: `second` would wait
      await second.query("SET lock_timeout = '2s'")
      await second.query('BEGIN')
      await writeCommandeRow(second, FIRST_ID + 1, 500_00, 100_00)
      await second.query('COMMIT')
      await first.query('COMMIT')
    } finally {
      await first.end()
      await second.end()
    }
    const [row] = await db
      .from('rentabilite_commandes')
      .where('commande_id', '>=', FIRST_ID)
      .count('* as n')
    assert.equal(Number(row.n), 2)
  })

  test('a request that sums more than FOLD_AFTER rows folds them: the numbers stay, a write in progress stays', async ({
    client,
    assert,
  }) => {
    const sums = async () => {
      const { rows: r } = await db.rawQuery(
        'SELECT nom, sum(n)::bigint AS n FROM analyse_ecritures GROUP BY nom'
      )
      return Object.fromEntries(r.map((x: any) => [x.nom, Number(x.n)])) as Record<string, number>
    }
    // A day of writes: rows that move no number (n = 0), past the bound
    await db.rawQuery(
      `INSERT INTO analyse_ecritures SELECT 'rentabilite', 0 FROM generate_series(1, ?)`,
      [FOLD_AFTER + 50]
    )
    const before = await sums()
    // Another process's write in progress while the rows are folded
    const writer = await otherProcess()
    try {
      await writer.query('BEGIN')
      await writeCommandeRow(writer, FIRST_ID, 1000_00, 600_00)
      // Any request reads the rows with its session, and folds them (not waited for)
      const response = await client.get('/api/user').loginAs(user)
      response.assertStatus(200)
      await until('the fold', async () => (await ecrituresRows()) <= FOLD_AFTER, 5)
      assert.isAtMost(await ecrituresRows(), Object.keys(ECRITES).length + 1, 'folded')
      assert.deepEqual(await sums(), before, 'every number as it was')
      await writer.query('COMMIT')
    } finally {
      await writer.end()
    }
    // The write committed during the fold still moves its number
    const after = await sums()
    assert.equal(after.rentabilite, before.rentabilite + 1)
  })

  test('the fold vacuums the table: after a burst of writes the bundle scans a few pages again', async ({
    client,
    assert,
  }) => {
    const pages = async () => {
      const { rows: r } = await db.rawQuery(
        "SELECT pg_relation_size('analyse_ecritures') / current_setting('block_size')::int AS n"
      )
      return Number(r[0].n)
    }
    // A burst of writes (rows that move no number), folded by a request, twice: the first
    // VACUUM frees the burst's pages, the second finds them empty at the end and gives them back
    for (const burst of [20_000, FOLD_AFTER + 10]) {
      await db.rawQuery(
        `INSERT INTO analyse_ecritures SELECT 'rentabilite', 0 FROM generate_series(1, ?)`,
        [burst]
      )
      const response = await client.get('/api/user').loginAs(user)
      response.assertStatus(200)
      await until('the fold', async () => (await ecrituresRows()) <= FOLD_AFTER, 10)
      assert.isAtMost(await ecrituresRows(), FOLD_AFTER, 'folded')
    }
    // 20 000 rows filled about a hundred pages; what is left fits in a few
    await until('the VACUUM', async () => (await pages()) <= 4, 10)
    assert.isAtMost(await pages(), 4)
  })

  test('the staff dashboard is kept until a devis crosses the follow-up cut-off', async ({
    client,
    assert,
  }) => {
    const key = keptAnalyseKey([todayIso()])
    const relancer = async () => {
      const response = await client.get('/dashboard').loginAs(user).withInertia()
      response.assertStatus(200)
      return (response.inertiaProps.figures as StaffFigures).devis_a_relancer.nombre
    }
    // Sent a week ago less 1.5 s: « à relancer » in 1.5 s, with nothing written then
    const clientRow = await ClientFactory.create()
    const crossing = Date.now() + 1500
    const devis = await makeDevis({
      client: clientRow,
      statut: 'envoye',
      envoyeLe: new Date(crossing - DEVIS_A_RELANCER_JOURS * 86_400_000).toISOString(),
    })
    try {
      const before = await relancer()
      const kept = keptVersionedValue(['tableau_bord'], key)
      assert.isDefined(kept)
      assert.equal(await relancer(), before)
      assert.strictEqual(keptVersionedValue(['tableau_bord'], key), kept, 'kept')
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, crossing - Date.now()) + 100))
      assert.equal(await relancer(), before + 1, 'the devis is now to follow up')
    } finally {
      await Devis.query().where('id', devis.id).delete()
      await db.from('clients').where('id_client', clientRow.idClient).delete()
    }
  })

  test('each page is kept; a write to any table its statement reads makes the next visit fresh', async ({
    client,
    assert,
  }) => {
    for (const [nom, tables] of Object.entries(ECRITES) as [VersionedSum, string[]][]) {
      const kept = async () => {
        const response = await client.get(`${PAGES[nom]}${PERIOD}`).loginAs(user).withInertia()
        response.assertStatus(200)
        const value = keptVersionedValue([nom], KEYS[nom] ?? KEY)
        assert.isDefined(value, nom)
        return value
      }
      let before = await kept()
      assert.strictEqual(await kept(), before, `${nom}: kept`)
      for (const table of tables) {
        // A statement that changes no row is still a write of that table (statement trigger)
        await db.rawQuery(`DELETE FROM ${table} WHERE false`)
        const after = await kept()
        assert.notStrictEqual(after, before, `${nom}: ${table} written`)
        before = after
      }
    }
    assert.deepEqual(Object.keys(PAGES).sort(), Object.keys(ECRITES).sort())
  })
})

test.group('Analyse / the tables each kept analyse reads are counted', (group) => {
  withTransaction(group)

  test('every table a statement reads moves its number (read from the transaction statistics)', async ({
    assert,
  }) => {
    // Rows in the period, so that every branch of each statement runs (an empty outer side
    // would leave a join's inner table unread, and the check would prove less)
    const commercial = await makeUser('esi', { name: 'Commercial Compté' })
    const apporteur = await SocieteFactory.merge({ nom: 'Apporteur Compté' }).create()
    const devis = await makeDevis({
      commercial,
      statut: 'accepte',
      ht: 1000_00,
      envoyeLe: '2030-02-03T10:00:00Z',
      accepteLe: '2030-02-13T10:00:00Z',
    })
    await db.from('devis').where('id', devis.id).update({ apporteur_id: apporteur.id })
    const chassis = await makeProduit('Châssis', 500_00)
    await commandeSigneeLe('2030-03-10T10:00:00Z', [ligneDe(chassis.id, 800_00, '2')], {
      user: commercial,
    })
    const technicien = await makeUser('esi', { name: 'Technicien Compté' })
    await db.table('planning_ressources').insert({ user_id: technicien.id, type: 'tec' })
    const [visite] = await db
      .table('planifications')
      .insert({
        type: 'tec',
        nature: 'sav',
        statut: 'realisee',
        debut: '2030-03-04T07:00:00Z',
        fin: '2030-03-04T10:00:00Z',
        titre: 'Visite comptée',
        realisee_le: '2030-03-04T10:00:00Z',
      })
      .returning('id')
    await db.table('planification_personnes').insert({
      planification_id: visite.id,
      user_id: technicien.id,
      creneau: '[2030-03-04T07:00:00Z,2030-03-04T10:00:00Z)',
      actif: true,
    })
    const params = parseAnalyseParams({ du: '2030-01-01', au: '2030-12-31' })
    const statements: Record<VersionedSum, () => Promise<unknown>> = {
      rentabilite: () => rentabilite(params),
      acceptation: () => acceptation(params),
      occupation: () => occupation(params),
      partenaires: () => partenaireFigures(parsePartenaireParams(params)),
      devis_stats: () => devisStats(params),
      chiffre_affaires: () => chiffreAffaires(params),
      tableau_bord: () => Promise.all([comptaFigures(todayIso()), staffFigures(todayIso())]),
      // Unfiltered and « en retard »: the two kept totals
      creances_totaux: () =>
        Promise.all(
          [{}, { retard: '1' }].map((qs) => creanceTotals(parseCreanceListParams(qs), todayIso()))
        ),
    }
    for (const [nom, run] of Object.entries(statements) as [VersionedSum, () => Promise<void>][]) {
      const scans = async () => {
        const { rows } = await db.rawQuery(
          `SELECT relname, coalesce(seq_scan, 0) + coalesce(idx_scan, 0) AS n
             FROM pg_stat_xact_user_tables`
        )
        return new Map<string, number>(rows.map((r: any) => [r.relname as string, Number(r.n)]))
      }
      const before = await scans()
      await run()
      const after = await scans()
      const read = [...after].filter(([t, n]) => n > (before.get(t) ?? 0)).map(([t]) => t)
      assert.isNotEmpty(read, nom)
      for (const table of read) assert.include(ECRITES[nom], table, `${nom} reads ${table}`)
    }
  })
})
