/*
 * The devis editor routes are staff-only: a pro or an "other" account gets 403 on every one of
 * them (pages and JSON), an unknown devis is 404.
 */
import { test } from '@japa/runner'
import Devis from '#models/devis'
import { makeUser, withTransaction } from '#tests/helpers'
import { api, makeDevis, visit } from '#tests/functional/devis/editor_helpers'

type Call = {
  method: 'get' | 'post' | 'put' | 'delete'
  url: (id: number) => string
  body?: object
}

const CALLS: Call[] = [
  { method: 'get', url: () => '/esi/devis/create' },
  { method: 'post', url: () => '/esi/devis', body: { objet: 'x' } },
  { method: 'get', url: (id) => `/esi/devis/${id}/edit` },
  { method: 'put', url: (id) => `/esi/devis/${id}`, body: { lock_version: 1 } },
  { method: 'post', url: (id) => `/esi/devis/${id}/statut`, body: { to: 'annule', motif: 'x' } },
  { method: 'post', url: (id) => `/esi/devis/${id}/duplicate` },
  { method: 'get', url: (id) => `/esi/devis/${id}/revisions/1` },
  { method: 'get', url: () => '/esi/devis/clients?q=a' },
  { method: 'post', url: () => '/esi/devis/clients', body: { type: 'particulier', nom: 'X' } },
  { method: 'get', url: () => '/esi/devis/produits?q=a' },
  { method: 'delete', url: (id) => `/esi/devis/${id}` },
]

test.group('Devis editor / rights', (group) => {
  withTransaction(group)

  for (const role of ['pro', 'other'] as const) {
    test(`a ${role} account gets 403 on every devis route, nothing changes`, async ({
      client,
      assert,
    }) => {
      const esi = await makeUser('esi')
      const devis = await makeDevis(esi)
      const user = await makeUser(role)
      for (const call of CALLS) {
        const request = api(client[call.method](call.url(devis.id)), user)
        const response = await (call.body ? request.json(call.body) : request)
        assert.equal(response.status(), 403, `${call.method} ${call.url(devis.id)}`)
        const page = visit(client[call.method](call.url(devis.id)), user)
        const pageResponse = await (call.body ? page.json(call.body) : page)
        assert.equal(pageResponse.status(), 403, `page ${call.method} ${call.url(devis.id)}`)
      }
      const after = await Devis.findOrFail(devis.id)
      assert.equal(after.lockVersion, devis.lockVersion)
      assert.equal(after.statut, 'brouillon')
      assert.lengthOf(await Devis.all(), 1)
    })
  }

  test('an unknown devis is 404 on every route with an id', async ({ client, assert }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    for (const call of CALLS.filter((c) => c.url(1).includes('/1'))) {
      const request = api(client[call.method](call.url(987654)), user)
      const response = await (call.body ? request.json(call.body) : request)
      // The admin DELETE asks for a step-up first (403 with its URL); the others say 404
      if (call.method === 'delete') continue
      assert.equal(response.status(), 404, `${call.method} ${call.url(987654)}`)
    }
  })
})
