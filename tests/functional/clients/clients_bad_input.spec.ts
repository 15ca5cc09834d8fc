/*
 * Bad `sort`, `filter`, `page`, cursors and SQL injection strings (reference §A3): never a 500,
 * never more rows than the honest query gives, the table untouched, a French warning instead.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, STACK_TRACE, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { listAs } from '#tests/functional/clients/helpers'

const SQLI = [
  "' OR '1'='1",
  '1; DROP TABLE clients; --',
  "') OR 1=1 --",
  '1 UNION SELECT password FROM users',
  'id_client desc; select pg_sleep(1)',
  '"nom"',
  '\\',
]

test.group('Clients / bad list parameters', (group) => {
  withTransaction(group)

  test('SQL injection strings in sort, filters, q and cursors: 200, no extra rows', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await ClientFactory.createMany(4)
    const queries: string[] = []
    for (const s of SQLI) {
      const v = encodeURIComponent(s)
      queries.push(
        `?sort=${v}`,
        `?sort=nom,${v}`,
        `?filter[type]=${v}`,
        `?filter[apporteur]=${v}`,
        `?filter[${v}]=1`,
        `?q=${v}`,
        `?after=${v}`,
        `?before=${v}`,
        `?page=${v}`,
        `?per_page=${v}`
      )
    }
    for (const query of queries) {
      const { response, props } = await listAs(client, user, query)
      assert.equal(response.status(), 200, query)
      assert.notMatch(JSON.stringify(response.body()), STACK_TRACE, query)
      assert.isAtMost(props.clients.data.length, 4, query)
    }
    const [{ n }] = await db.from('clients').count('* as n')
    assert.equal(Number(n), 4)
  })

  test('odd shapes: arrays, nested objects, huge numbers, negative pages', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await ClientFactory.createMany(2)
    for (const query of [
      '?sort[]=nom',
      '?sort[a]=nom',
      '?filter=professionnel',
      '?filter[]=x',
      '?filter[type][]=particulier&filter[type][]=professionnel',
      '?filter[type][x]=1',
      '?filter[apporteur]=99999999999999999999',
      '?filter[apporteur]=-1',
      '?filter[apporteur]=1.5',
      '?q[]=a',
      '?page=-1',
      '?page=0',
      '?page=99999999999999999999',
      '?page[]=last',
      '?per_page=1e9',
      '?per_page=-10',
      '?after[]=x',
      '?after=',
      `?after=${'A'.repeat(5000)}`,
      // A well-formed cursor of another sort, and one with a value of the wrong type
      `?sort=nom&after=${Buffer.from(JSON.stringify(['-id_client', '5'])).toString('base64url')}`,
      `?sort=created_at&after=${Buffer.from(JSON.stringify(['created_at', 'hier', '1'])).toString('base64url')}`,
      `?sort=-id_client&after=${Buffer.from(JSON.stringify(['-id_client', '99999999999999999999'])).toString('base64url')}`,
    ]) {
      const { response, props } = await listAs(client, user, query)
      assert.equal(response.status(), 200, query)
      assert.isAtMost(props.clients.data.length, 2, query)
      assert.isArray(props.warnings, query)
    }
  })

  test('each ignored parameter is reported in French', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const { props } = await listAs(
      client,
      user,
      '?sort=motdepasse&filter[type]=robot&filter[couleur]=bleu&page=7&per_page=7&after=xyz'
    )
    assert.deepEqual(props.warnings, [
      'Tri ignoré : « motdepasse » n’est pas une colonne triable.',
      'Filtre « Type » : valeur « robot » ignorée.',
      'Filtre inconnu ignoré : « couleur ».',
      'Lignes par page « 7 » ignoré : 10, 25, 50 ou 100.',
      'Position dans la liste invalide : retour à la première page.',
    ])
    assert.deepEqual(props.filters, { sort: '-id_client', q: '', filter: {}, per_page: 25 })
  })

  test('a bad client id is a 404, never a 500', async ({ client }) => {
    const user = await makeUser('esi')
    for (const id of ['abc', '0', '-1', '1.5', '99999999999999999999', "1' OR '1'='1", '999999']) {
      const response = await client
        .get(`/esi/customers/${encodeURIComponent(id)}`)
        .loginAs(user)
        .withInertia()
      response.assertStatus(404)
    }
  })
})
