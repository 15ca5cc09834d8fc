/*
 * Issue 14 §5: the preview area's special pages and the landing preview (SPEC.md §1), staff
 * only like the rest of the preview area: each renders its page with sample data, an unknown
 * name is a 404, other roles are refused.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { SPECIALS } from '#shared/preview'

test.group('Preview / special pages', (group) => {
  withTransaction(group)

  test('each special page and the landing render for staff', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    for (const page of SPECIALS) {
      const response = await client.get(`/preview/specials/${page}`).withInertia().loginAs(esi)
      response.assertStatus(200)
      response.assertInertiaComponent('preview/Specials')
      assert.equal(response.inertiaProps.page, page)
    }
    const landing = await client.get('/preview/landing').withInertia().loginAs(esi)
    landing.assertStatus(200)
    landing.assertInertiaComponent('preview/Landing')
  })

  test('an unknown special page is a 404; pro and ordinary users are refused', async ({
    client,
  }) => {
    const esi = await makeUser('esi')
    const unknown = await client.get('/preview/specials/paiement').withInertia().loginAs(esi)
    unknown.assertStatus(404)
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const r = await client.get('/preview/specials/status').withInertia().loginAs(user)
      r.assertStatus(403)
    }
  })
})
