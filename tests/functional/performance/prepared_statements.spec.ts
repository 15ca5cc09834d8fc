/*
 * Decision 813: the hot statements are named prepared statements, so PostgreSQL keeps their plan
 * per connection. Read from the server itself (pg_prepared_statements of the connection the
 * requests used: the global transaction's), never timed.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { withTransaction } from '#tests/helpers'
import { staffVisitor } from '#tests/functional/performance/helpers'
import { deallocateAll, PER_CONNECTION, preparedQuery } from '#services/prepared_query'
import { forgetTableEstimates } from '#services/list/list_count'

interface Prepared {
  name: string
  statement: string
  generic_plans: number
  custom_plans: number
}

async function preparedLike(fragment: string): Promise<Prepared[]> {
  const result = await db.rawQuery(
    `SELECT name, statement, generic_plans::int, custom_plans::int
       FROM pg_prepared_statements WHERE statement LIKE ? AND name LIKE 'esi\\_%'`,
    [`%${fragment}%`]
  )
  return result.rows
}

test.group('Performance / prepared statements', (group) => {
  withTransaction(group)
  // Each test reads what its own requests prepared on the connection, not the earlier tests'
  group.each.setup(() => deallocateAll(db.connection()))

  test('the session bundle is prepared once and then planned generically', async ({ assert }) => {
    const { visitor } = await staffVisitor()
    for (let i = 0; i < 8; i++) {
      const page = await visitor.get('/esi/customers')
      assert.equal(page.status, 200)
      const json = await visitor.get('/api/user', { accept: 'application/json' })
      assert.equal(json.status, 200)
    }
    const bundles = await preparedLike('"__b_versions"')
    // Two texts (with and without the header's notifications), each parsed once; the tests'
    // memory session store reads the user's bundle, the database store the session's
    assert.lengthOf(bundles, 2, JSON.stringify(bundles))
    for (const bundle of bundles) {
      assert.isAtLeast(bundle.generic_plans + bundle.custom_plans, 8)
      // After five custom plans PostgreSQL settles on the generic one: no planning any more
      assert.isAtLeast(bundle.generic_plans, 3, JSON.stringify(bundle))
    }
  })

  test('the créances page and totals, the Approvisionnement lists: prepared statements', async ({
    assert,
  }) => {
    const { visitor } = await staffVisitor()
    for (const path of ['/esi/compta/creance', '/esi/commandes/production']) {
      for (let i = 0; i < 2; i++) {
        const response = await visitor.get(path)
        assert.equal(response.status, 200, path)
      }
    }
    // The créances page (its buckets' LATERAL), its totals (their CROSS JOIN of parts), the
    // commandes waiting (the MATERIALIZED CTE) and the orders expected
    for (const fragment of [
      'LATERAL',
      ' CROSS JOIN ',
      'WITH w AS MATERIALIZED',
      'lignes_attendues',
    ]) {
      const found = await preparedLike(fragment)
      assert.isAtLeast(found.length, 1, fragment)
      const runs = Math.max(...found.map((f) => f.generic_plans + f.custom_plans))
      assert.isAtLeast(runs, 2, `${fragment}: ${JSON.stringify(found)}`)
    }
  })

  test('a list page without filter has no parameter left: one generic plan, never planned again', async ({
    assert,
  }) => {
    const { visitor } = await staffVisitor()
    for (const path of ['/esi/compta/creance', '/esi/commandes']) {
      for (let i = 0; i < 3; i++) {
        const response = await visitor.get(path)
        assert.equal(response.status, 200, path)
      }
    }
    // The limit and the code's constants are written into the text (no $n): PostgreSQL plans it
    // once; a bound limit kept it choosing custom plans
    for (const fragment of ['order by cr.solde DESC', 'from "commandes" inner join "bdcs"']) {
      const all = await preparedLike(fragment)
      const found = all.filter((f) => !/\$\d/.test(f.statement))
      assert.lengthOf(found, 1, fragment)
      assert.equal(found[0].custom_plans, 0, fragment)
      assert.isAtLeast(found[0].generic_plans, 3, fragment)
    }
  })

  test('a créances search of words of three characters is named with them bound, each pattern computed once; a shorter word stays unnamed', async ({
    assert,
  }) => {
    // Decision 830: its one plan is the trigram index's whatever the words, and a generic plan
    // of `f_unaccent(lower($1))` unaccented the pattern again for each row it rechecked
    const { visitor } = await staffVisitor()
    for (let i = 0; i < 7; i++) {
      const response = await visitor.get('/esi/compta/creance?q=dupont')
      assert.equal(response.status, 200)
    }
    // The page (and, no client matching here, the totals on their own: named already)
    const searches = await preparedLike('client_soldes_recherche')
    const pages = searches.filter((s) => s.statement.includes('AS __k0'))
    assert.lengthOf(pages, 1, JSON.stringify(searches))
    assert.isAtLeast(pages[0].generic_plans + pages[0].custom_plans, 7)
    for (const search of searches) {
      assert.include(search.statement, 'LIKE (SELECT f_unaccent(lower($1)))')
    }
    for (let i = 0; i < 3; i++) {
      const response = await visitor.get('/esi/compta/creance?q=du')
      assert.equal(response.status, 200)
    }
    assert.lengthOf(await preparedLike('client_soldes_recherche'), searches.length)
  })

  test('a commandes search of indexed words alone is named, each pattern computed once; with a filter or a shorter word it stays unnamed', async ({
    assert,
  }) => {
    // Decision 845: unnamed, it was parsed and planned at every visit, and its pattern
    // unaccented again for every matching row rechecked
    const { visitor } = await staffVisitor()
    for (let i = 0; i < 7; i++) {
      const response = await visitor.get('/esi/commandes?q=dupont')
      assert.equal(response.status, 200)
    }
    const named = await preparedLike('commandes.recherche LIKE')
    const pages = named.filter((s) => s.statement.includes('AS __total'))
    assert.lengthOf(pages, 1, JSON.stringify(named))
    assert.include(pages[0].statement, 'commandes.recherche LIKE (SELECT f_unaccent(lower($1)))')
    assert.isAtLeast(pages[0].generic_plans + pages[0].custom_plans, 7)
    for (const path of ['/esi/commandes?q=du', '/esi/commandes?q=dupont&filter[statut]=en_cours']) {
      for (let i = 0; i < 3; i++) {
        const response = await visitor.get(path)
        assert.equal(response.status, 200, path)
      }
    }
    assert.lengthOf(await preparedLike('commandes.recherche LIKE'), named.length)
  })

  test('a clients search of many matches, of indexed words alone, is named with each pattern computed once; its page is the same', async ({
    assert,
  }) => {
    // Decision 846: past 1 000 expected matches its plan walks the sort's index whatever the
    // words; unnamed, it was parsed and planned at every visit
    const { visitor } = await staffVisitor()
    await db.rawQuery(
      `INSERT INTO clients (type, nom, created_at, updated_at)
       SELECT 'particulier', 'Volume ' || g, now(), now() FROM generate_series(1, 8000) g`
    )
    await db.rawQuery('ANALYZE clients')
    forgetTableEstimates()
    try {
      const newest = await db
        .from('clients')
        .where('nom', 'like', 'Volume %')
        .orderBy('id_client', 'desc')
        .limit(25)
        .select('id_client')
      for (let i = 0; i < 7; i++) {
        const visited = await visitor.page('/esi/customers?q=volume')
        const clients = (visited.props as any).clients
        assert.isFalse(clients.total.exact)
        const shown = clients.data.map((c: { id_client: number }) => String(c.id_client))
        assert.deepEqual(
          shown,
          newest.map((r) => String(r.id_client))
        )
      }
      const named = await preparedLike('c.recherche LIKE')
      const pages = named.filter((s) => s.statement.includes('AS __k0'))
      assert.lengthOf(pages, 1, JSON.stringify(named))
      assert.include(pages[0].statement, 'c.recherche LIKE (SELECT f_unaccent(lower($1)))')
      assert.isAtLeast(pages[0].generic_plans + pages[0].custom_plans, 7)
      // A filter, a word of two letters, a rare word (counted exactly): unnamed as before
      for (const path of [
        '/esi/customers?q=volume&filter[type]=particulier',
        '/esi/customers?q=vo',
        '/esi/customers?q=volume%207999',
      ]) {
        const response = await visitor.get(path)
        assert.equal(response.status, 200, path)
      }
      assert.lengthOf(await preparedLike('c.recherche LIKE'), named.length)
    } finally {
      // ANALYZE writes the table's row count outside the transaction: put back a small one
      await db.rawQuery(`DELETE FROM clients WHERE nom LIKE 'Volume %'`)
      await db.rawQuery('ANALYZE clients')
      forgetTableEstimates()
    }
  })

  test('a filtered list page keeps its bound values unnamed; the late factures are prepared with their partial index', async ({
    assert,
  }) => {
    const { visitor } = await staffVisitor()
    const pages = [
      '/esi/compta/facture?filter[statut]=en_retard',
      '/esi/compta/facture?filter[statut]=emise',
      '/esi/customers?filter[type]=professionnel',
      '/esi/commandes?filter[retard]=1',
      '/esi/devis?filter[statut]=envoye',
    ]
    for (const path of pages) {
      for (let i = 0; i < 7; i++) {
        const response = await visitor.get(path)
        assert.equal(response.status, 200, path)
      }
    }
    // A generic plan of `statut IN ($1, $2)` could not use factures_ouvertes_jour_idx, whose
    // predicate names those two values, and PostgreSQL chose it anyway (6–12 ms a page)
    const pagesPrepared = await preparedLike('AS __k0')
    for (const page of pagesPrepared) assert.notMatch(page.statement, /\$\d/, page.statement)
    const late = pagesPrepared.filter((p) =>
      p.statement.includes(
        `from "factures" where factures.statut IN ('emise', 'partiellement_payee')`
      )
    )
    assert.lengthOf(late, 1, JSON.stringify(late))
    assert.isAtLeast(late[0].generic_plans, 7)
    // The late commandes write their day as the créances do (decision 818): prepared, one plan
    const lateCommandes = pagesPrepared.filter((p) =>
      p.statement.includes(`commandes.prochaine_echeance < DATE '`)
    )
    assert.lengthOf(lateCommandes, 1, JSON.stringify(pagesPrepared.map((p) => p.statement)))
    assert.isAtLeast(lateCommandes[0].generic_plans, 7)
  })

  test('a page counted exactly carries its count; with no parameter left page and count are prepared, one plan; a count that binds a value stays unnamed', async ({
    assert,
  }) => {
    const { visitor } = await staffVisitor()
    const paths = ['/esi/commandes?filter[retard]=1', '/esi/customers?filter[type]=professionnel']
    for (const path of paths) {
      for (let i = 0; i < 7; i++) {
        const response = await visitor.get(path)
        assert.equal(response.status, 200, path)
      }
    }
    // The late commandes' page writes its day (decision 818) and carries the count of its
    // rows as a sub-query (decision 826): one statement, planned once
    const carrying = await preparedLike('AS __total')
    const late = carrying.filter((p) =>
      p.statement.includes(`commandes.prochaine_echeance < DATE '`)
    )
    assert.lengthOf(late, 1, JSON.stringify(late))
    assert.include(late[0].statement, 'SELECT count(*)::int FROM (')
    assert.equal(late[0].custom_plans, 0)
    assert.isAtLeast(late[0].generic_plans, 7)
    // An empty page carries nothing: its rows are counted on their own, prepared as well
    // (decision 825); a count that binds a value (the customers' type) never is
    const counts = await preparedLike('SELECT count(*)::int AS n FROM (')
    for (const count of counts) assert.notMatch(count.statement, /\$\d/, count.statement)
    const lateCount = counts.filter((c) =>
      c.statement.includes(`commandes.prochaine_echeance < DATE '`)
    )
    assert.lengthOf(lateCount, 1, JSON.stringify(counts.map((c) => c.statement)))
    assert.equal(lateCount[0].custom_plans, 0)
  })

  test('a connection keeps at most PER_CONNECTION names: the least recently used is deallocated', async ({
    assert,
  }) => {
    const text = (i: number) => `SELECT ?::int + ${i} AS n /* probe per connection */`
    for (let i = 0; i < PER_CONNECTION + 20; i++) {
      const { rows } = await preparedQuery(db.connection(), text(i), [1])
      assert.equal(rows[0].n, 1 + i)
    }
    const kept = await preparedLike('probe per connection')
    const all = await db.rawQuery(`SELECT count(*)::int AS n FROM pg_prepared_statements`)
    assert.isAtMost(all.rows[0].n, PER_CONNECTION)
    assert.isFalse(kept.some((k) => k.statement.includes('+ 0 AS n')))
    assert.isTrue(kept.some((k) => k.statement.includes(`+ ${PER_CONNECTION + 19} AS n`)))
    // A forgotten text is parsed again on its next use
    const { rows } = await preparedQuery(db.connection(), text(0), [1])
    assert.equal(rows[0].n, 1)
    // The next tests count their statements on this connection: no DEALLOCATE of ours there
    await deallocateAll(db.connection())
    const left = await db.rawQuery(`SELECT count(*)::int AS n FROM pg_prepared_statements`)
    assert.equal(left.rows[0].n, 0)
  })

  test("the same text keeps its name; inside a transaction a changed table is the caller's error", async ({
    assert,
  }) => {
    const sql = `SELECT t.* FROM esi_prepared_probe t WHERE t.id = ?`
    await db.rawQuery('CREATE TABLE esi_prepared_probe (id int, a text)')
    await db.rawQuery(`INSERT INTO esi_prepared_probe VALUES (1, 'un')`)
    for (let i = 0; i < 2; i++) {
      const { rows } = await preparedQuery(db.connection(), sql, [1])
      assert.deepEqual(rows, [{ id: 1, a: 'un' }])
    }
    assert.lengthOf(await preparedLike('esi_prepared_probe'), 1)

    // The failed statement aborts the transaction: retrying there would only hide the cause
    await db.rawQuery('ALTER TABLE esi_prepared_probe ADD COLUMN b int')
    await db.rawQuery('SAVEPOINT probe')
    await assert.rejects(
      () => preparedQuery(db.connection(), sql, [1]),
      /cached plan must not change result type/
    )
    await db.rawQuery('ROLLBACK TO SAVEPOINT probe')
  })
})

test.group('Performance / prepared statements, outside a transaction', (group) => {
  group.each.setup(async () => {
    await db.rawQuery('CREATE TABLE esi_prepared_probe2 (id int, a text)')
    await db.rawQuery(`INSERT INTO esi_prepared_probe2 VALUES (1, 'un')`)
    return () => db.rawQuery('DROP TABLE IF EXISTS esi_prepared_probe2')
  })

  test('a migration while the app runs: the statement is prepared again, the answer has the new column', async ({
    assert,
  }) => {
    const sql = `SELECT t.* FROM esi_prepared_probe2 t WHERE t.id = ?`
    for (let i = 0; i < 6; i++) await preparedQuery(db.connection(), sql, [1])
    await db.rawQuery('ALTER TABLE esi_prepared_probe2 ADD COLUMN b int DEFAULT 7')
    for (let i = 0; i < 6; i++) {
      const { rows } = await preparedQuery(db.connection(), sql, [1])
      assert.deepEqual(rows, [{ id: 1, a: 'un', b: 7 }])
    }
  })
})
