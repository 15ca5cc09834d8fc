/*
 * Ids of every route (issue 9): garbage or out-of-range ids are a 404, never a 500. Walks the
 * router, so a new route with an id is covered without being listed here.
 */
import { test } from '@japa/runner'
import {
  fillPattern,
  makePersona,
  MUTATING_METHODS,
  routeList,
  withTransaction,
} from '#tests/helpers'
import { INT4_ID_PATTERN, parseId } from '#services/route_params'

const ROUTES = routeList().filter((route) => /:(id|revision)\b/.test(route.pattern))
const BAD_IDS = ['99999999999', '2147483648', 'abc', '0', '-1', '1e3', '12.5']
// Other parameters get a plausible but unknown value (their own checks answer)
const OTHERS = {
  hash: 'x',
  token: 'x',
  code: '404',
  publicId: 'x',
  reserve: '1',
  etape: 'pose',
  fichier: '1',
}

test.group('Routes / ids out of range or garbage are a 404', (group) => {
  withTransaction(group)

  test('the router has routes with ids', ({ assert }) => {
    assert.isAbove(ROUTES.length, 30)
  })

  for (const route of ROUTES) {
    const method = route.methods.includes('GET') ? 'GET' : route.methods[0]
    test(`${method} ${route.pattern} (${route.name})`, async ({ client, assert }) => {
      const user = (await makePersona('esi_admin'))!
      const answers: string[] = []
      for (const bad of BAD_IDS) {
        // dev.mails.show reads a mail file name, not a database id
        if (route.name === 'dev.mails.show' && !/^\d+$/.test(bad)) continue
        const url = fillPattern(route.pattern, { ...OTHERS, id: bad, revision: bad })
        let request = (client as any)[method.toLowerCase()](url).redirects(0).loginAs(user)
        if (MUTATING_METHODS.includes(method)) request = request.form({}).withCsrfToken()
        else request = request.withInertia()
        const response = await request
        if (response.status() >= 500 || /at .+\.(ts|js):\d+/.test(response.text())) {
          answers.push(`${bad}: ${response.status()}`)
        }
        // A GET the user may reach with a well-formed id: an unknown id is exactly a 404
        if (method === 'GET' && response.status() === 200) answers.push(`${bad}: 200`)
      }
      assert.deepEqual(answers, [])
    })
  }

  test('GET pages named in issue 9 answer 404 for 99999999999 and abc', async ({ client }) => {
    const user = (await makePersona('esi'))!
    for (const path of [
      '/esi/devis/:id/edit',
      '/esi/devis/:id/preview',
      '/esi/bdc/:id',
      '/esi/commandes/:id',
      '/esi/paiement/demandes/:id',
      '/esi/customers/:id',
      '/app/contacts/:id',
      '/app/company/:id/edit',
      '/app/offres/:id/edit',
    ]) {
      for (const bad of ['99999999999', 'abc']) {
        const response = await client
          .get(path.replace(':id', bad))
          .redirects(0)
          .withInertia()
          .loginAs(user)
        response.assertStatus(404)
      }
    }
  })
})

test.group('Routes / the one id parser', () => {
  test('parseId keeps integer ids within the column type', ({ assert }) => {
    assert.equal(parseId('1'), 1)
    assert.equal(parseId(42), 42)
    assert.equal(parseId('2147483647'), 2147483647)
    assert.isNull(parseId('2147483648'))
    assert.equal(parseId('2147483648', 'bigint'), 2147483648)
    assert.equal(parseId('99999999999', 'bigint'), 99999999999)
    assert.isNull(parseId('9999999999999999', 'bigint'))
    for (const bad of ['0', '-1', '01', '1e3', '1.5', 'abc', '', ' 1', null, undefined, {}, [1]]) {
      assert.isNull(parseId(bad), String(bad))
    }
  })

  test('the route matcher accepts exactly 1 … 2147483647', ({ assert }) => {
    for (const ok of ['1', '9', '10', '999999999', '1000000000', '2147483647', '2147483639']) {
      assert.isTrue(INT4_ID_PATTERN.test(ok), ok)
      assert.equal(parseId(ok), Number(ok))
    }
    for (const bad of ['2147483648', '2147483650', '2147483700', '2200000000', '3000000000', '0']) {
      assert.isFalse(INT4_ID_PATTERN.test(bad), bad)
    }
    // Exhaustive near the limit and at each digit boundary
    for (let n = 2147483000; n <= 2147484000; n++) {
      assert.equal(INT4_ID_PATTERN.test(String(n)), n <= 2147483647, String(n))
    }
  })
})
