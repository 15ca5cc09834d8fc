/*
 * Issue 15 §1: the SQL statements of one full Inertia visit of each list page (session, user,
 * header and filter options included), counted at the pg driver — never timed. A visit made
 * through a real login (password, then the code), so the session is the one a browser has.
 * The second visit is counted: the first fills the in-process caches (options by version, the
 * table estimate, the menu badges).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { forgetTableEstimates } from '#services/list/list_count'
import { makeNotification, withTransaction } from '#tests/helpers'
import { staffVisitor, statementsOf } from '#tests/functional/performance/helpers'
import { ClientFactory } from '#database/factories/client_factory'

export const MAX_VISIT_QUERIES = 4

export const LIST_PAGES = [
  ['clients', '/esi/customers'],
  ['devis', '/esi/devis'],
  ['factures', '/esi/compta/facture'],
  ['créances', '/esi/compta/creance'],
  ['créances, recherche', '/esi/compta/creance?q=dupont'],
  ['commandes', '/esi/commandes'],
  ['approvisionnement', '/esi/commandes/production'],
  ['fourniture', '/esi/commandes/fourniture'],
  ['mesurage', '/esi/commandes/mesurage'],
  ['notes de crédit', '/esi/compta/nc'],
  ['paiements', '/esi/compta/paiements'],
  ['produits', '/esi/produits'],
  ['bons de commande', '/esi/bdc'],
  ['offres', '/app/offres'],
  ['contacts', '/app/contacts'],
] as const

const INERTIA = { 'x-inertia': 'true', 'x-requested-with': 'XMLHttpRequest' }

test.group('Performance / SQL statements of a full visit of each list page', (group) => {
  withTransaction(group)

  test('{name}: at most 4 statements')
    .with(LIST_PAGES.map(([name, path]) => ({ name, path })))
    .run(async ({ assert }, { path }) => {
      const { user, visitor } = await staffVisitor()
      await makeNotification(user)
      // As autovacuum keeps them in a live database: the planner knows each table's size
      await db.rawQuery('ANALYZE')
      // …and this process forgets the sizes it kept from earlier tests (decision 543: a minute)
      forgetTableEstimates()
      // The first visit learns the assets' version (409 without it), the second fills the caches
      const probe = await visitor.get(path, INERTIA)
      const headers = {
        ...INERTIA,
        'x-inertia-version': probe.headers.get('x-inertia-version') ?? '',
      }
      const first = await visitor.get(path, headers)
      assert.equal(first.status, 200, path)
      let status = 0
      let body: any = null
      const sent = await statementsOf(async () => {
        const response = await visitor.get(path, headers)
        status = response.status
        body = await response.json()
      })
      assert.equal(status, 200)
      // The header's data is there: the notification, the user
      assert.equal(body.props.notifications.unread, 1)
      assert.equal(body.props.user.id, user.id)
      assert.isAtMost(sent.length, MAX_VISIT_QUERIES, `${path}:\n${sent.join('\n')}`)
    })

  test('a filtered page counted exactly carries its count: one statement, the count right', async ({
    assert,
  }) => {
    const { visitor } = await staffVisitor()
    await ClientFactory.apply('professionnel').createMany(3)
    await ClientFactory.createMany(2)
    const path = '/esi/customers?filter[type]=professionnel'
    const probe = await visitor.get(path, INERTIA)
    const headers = {
      ...INERTIA,
      'x-inertia-version': probe.headers.get('x-inertia-version') ?? '',
    }
    const first = await visitor.get(path, headers)
    assert.equal(first.status, 200)
    let body: any = null
    const sent = await statementsOf(async () => {
      const response = await visitor.get(path, headers)
      body = await response.json()
    })
    const [expected] = await db.from('clients').where('type', 'professionnel').count('* as n')
    assert.deepEqual(body.props.clients.total, { count: Number(expected.n), exact: true })
    // The page and its count in one statement (decision 826), no count of its own
    assert.lengthOf(
      sent.filter((sql) => sql.includes('AS __total')),
      1,
      sent.join('\n')
    )
    assert.notExists(
      sent.find((sql) => sql.startsWith('SELECT count(*)::int AS n FROM (')),
      sent.join('\n')
    )
  })
})
