/*
 * Issue 15 §1, decision 817: the rentabilité page is kept in the process while nothing its
 * statement reads was written. Its number is the sum of an insert-only table of writes (migration
 * 0926), moved when a write commits — not before: a visit during a write in progress keeps the
 * page without it under the old number, and the write, once committed, shows on the next visit
 * (a sequence, seen before its writer commits, failed this) — and no writer waits for another.
 * No global transaction: the numbers move at COMMIT, so the rows are committed (in 2041, a period
 * no other test uses) and removed after each test.
 */
import pg from 'pg'
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import env from '#start/env'
import User from '#models/user'
import { makeUser } from '#tests/helpers'
import { ProduitFactory } from '#database/factories/produit_factory'
import { analyseAs } from '#tests/functional/analyse/helpers'
import { forgetVersionedValues, keptVersionedValue } from '#services/cache/versioned_cache'
import type { Rentabilite } from '#shared/analyse'

const PATH = '/esi/analyse/rentabilite'
const PERIOD = '?du=2041-01-01&au=2041-12-31'
const KEY = '2041-01-01|2041-12-31|'
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
  const { response, props } = await analyseAs(client, user, PATH, PERIOD)
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
  const { rows } = await db.rawQuery('SELECT coalesce(sum(n), 0) AS n FROM rentabilite_ecritures')
  return Number(rows[0].n)
}

/** A connection of its own, as another server process would have. */
async function otherProcess() {
  const c = new pg.Client({ connectionString: env.get('DATABASE_URL') })
  await c.connect()
  return c
}

/** knex's `?` as the pg driver's `$n`. */
function native(sql: string): string {
  let n = 0
  return sql.replace(/\?/g, () => `$${++n}`)
}

test.group('Analyse / rentabilité kept between visits', (group) => {
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
      const [sql, bindings] = commandeRow(FIRST_ID + 1, 500_00, 100_00)
      await writer.query(native(sql), bindings)
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
    const folded = await number()
    await db.rawQuery('SELECT rentabilite_compact()')
    // The fold rewrites the product rows (a write) and leaves one row of writes
    assert.isAtLeast(await number(), folded)
    const { rows } = await db.rawQuery('SELECT count(*)::int AS n FROM rentabilite_ecritures')
    assert.equal(rows[0].n, 1)
  })

  test('no writer waits for another', async ({ assert }) => {
    const first = await otherProcess()
    const second = await otherProcess()
    try {
      await first.query('BEGIN')
      const [sql, bindings] = commandeRow(FIRST_ID, 1000_00, 600_00)
      await first.query(native(sql), bindings)
      // A counter row would be locked by `first` until its COMMIT: `second` would wait
      await second.query("SET lock_timeout = '2s'")
      await second.query('BEGIN')
      const [sql2, bindings2] = commandeRow(FIRST_ID + 1, 500_00, 100_00)
      await second.query(native(sql2), bindings2)
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
})
