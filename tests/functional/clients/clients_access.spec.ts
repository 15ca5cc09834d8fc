/*
 * Rights on the clients and catalogue routes (DESIGN.md §4): pro and other get 403 on every one
 * of them, writes included, and nothing changes; deleting a client takes the admin droit.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { ProduitFactory } from '#database/factories/produit_factory'
import Client from '#models/client'

async function routes() {
  const c = await ClientFactory.create()
  const p = await ProduitFactory.create()
  return [
    ['GET', '/esi/customers?sort=-id_client'],
    ['GET', '/esi/customers/export'],
    ['GET', `/esi/customers/${c.idClient}`],
    ['POST', '/esi/customers'],
    ['PUT', `/esi/customers/${c.idClient}`],
    ['DELETE', `/esi/customers/${c.idClient}`],
    ['GET', '/esi/produits'],
    ['GET', '/esi/produits/export'],
    ['POST', '/esi/produits'],
    ['PUT', `/esi/produits/${p.id}`],
    ['POST', '/esi/produits/import'],
  ] as const
}

const VALID_CLIENT = { type: 'particulier', nom: 'Intrus', email: 'x@example.com' }

test.group('Clients and produits / rights', (group) => {
  withTransaction(group)

  for (const role of ['pro', 'other'] as const) {
    test(`${role}: 403 on every clients and produits route, nothing written`, async ({
      client,
      assert,
    }) => {
      const user = await makeUser(role)
      const list = await routes()
      const before = await db.from('clients').count('* as n')
      for (const [method, url] of list) {
        let request: any = (client as any)
          [method.toLowerCase()](url)
          .loginAs(user)
          .withInertia()
          .redirects(0)
        if (method !== 'GET') request = request.form(VALID_CLIENT).withCsrfToken()
        const response = await request
        assert.equal(response.status(), 403, `${method} ${url}`)
      }
      assert.deepEqual(await db.from('clients').count('* as n'), before)
    })
  }

  test('an esi seeing the app as a pro is refused too (effective role)', async ({ client }) => {
    const user = await makeUser('esi', { accesRole: 'pro' })
    const response = await client.get('/esi/customers').loginAs(user).withInertia()
    response.assertStatus(403)
  })

  test('esi without the admin droit cannot delete a client', async ({ client, assert }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'] })
    const target = await ClientFactory.create()
    const response = await client
      .delete(`/esi/customers/${target.idClient}`)
      .loginAs(user)
      .withSession(recentProofs())
      .withCsrfToken()
      .withInertia()
    response.assertStatus(403)
    assert.exists(await Client.find(target.idClient))
  })

  test('esi with the admin droit on deletes after a recent step-up, audited', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const target = await ClientFactory.create()

    // No step-up yet: sent to the step-up page, the client is still there
    const detour = await client
      .delete(`/esi/customers/${target.idClient}`)
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    assert.equal(detour.header('location'), '/user/step-up')
    assert.exists(await Client.find(target.idClient))

    const response = await client
      .delete(`/esi/customers/${target.idClient}`)
      .loginAs(user)
      .withSession(recentProofs())
      .withCsrfToken()
      .redirects(0)
    assert.equal(response.header('location'), '/esi/customers?sort=-id_client')
    assert.isNull(await Client.find(target.idClient))
    const row = await db
      .from('audit_logs')
      .where({ action: 'client.deleted', subject_id: String(target.idClient) })
      .first()
    assert.equal(row.user_id, user.id)
  })

  test('esi gets through every read route; an unknown id is a 404 (policy after the area)', async ({
    client,
  }) => {
    const user = await makeUser('esi')
    const c = await ClientFactory.create()
    for (const url of [
      '/esi/customers?sort=-id_client',
      '/esi/customers/export',
      `/esi/customers/${c.idClient}`,
      '/esi/produits',
      '/esi/produits/export',
    ]) {
      const response = await client.get(url).loginAs(user).redirects(0)
      response.assertStatus(200)
    }
    for (const [method, url] of [
      ['get', '/esi/customers/999999'],
      ['put', '/esi/customers/999999'],
      ['put', '/esi/produits/999999'],
    ] as const) {
      let request: any = (client as any)[method](url).loginAs(user).withInertia().redirects(0)
      if (method !== 'get') request = request.form(VALID_CLIENT).withCsrfToken()
      const response = await request
      response.assertStatus(404)
    }
  })
})
