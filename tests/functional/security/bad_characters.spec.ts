/*
 * Control characters and lone surrogates are cleaned at the edge for every route (issue 10):
 * `?q=%00` on a list or a picker, a NUL in a contact's nom, a lone surrogate in an email never
 * reach PostgreSQL (which refuses them with a 500).
 */
import { test } from '@japa/runner'
import Contact from '#models/contact'
import { makePersona, makeUser, withTransaction } from '#tests/helpers'
import { fieldErrors, send, societeOf } from '#tests/functional/societes/helpers'

const PAGES: [path: string, persona: 'esi' | 'pro'][] = [
  ['/app/company', 'esi'],
  ['/app/contacts', 'esi'],
  ['/app/offres', 'esi'],
  ['/app/company', 'pro'],
  ['/app/contacts', 'pro'],
  ['/app/offres', 'pro'],
  ['/app/offres/produits', 'pro'],
  ['/esi/bdc', 'esi'],
  ['/esi/commandes', 'esi'],
  ['/esi/customers', 'esi'],
  ['/esi/produits', 'esi'],
  ['/esi/devis', 'esi'],
  ['/esi/textes', 'esi'],
  ['/esi/devis/clients', 'esi'],
  ['/esi/devis/produits', 'esi'],
  ['/recherhce', 'esi'],
]

test.group('Bad characters / lists and pickers', (group) => {
  withTransaction(group)

  test('?q=%00 (and friends) answers the page, never a 500', async ({ client, assert }) => {
    const users = { esi: (await makePersona('esi'))!, pro: (await makePersona('pro'))! }
    for (const [path, persona] of PAGES) {
      for (const q of ['%00', 'ab%00cd', 'a%01%1F%7Fb']) {
        const response = await client
          .get(`${path}?q=${q}&search=${q}`)
          .withInertia()
          .loginAs(users[persona])
        assert.isBelow(response.status(), 500, `${persona} ${path}?q=${q}`)
        assert.notEqual(response.status(), 404, `${persona} ${path}`)
      }
    }
  })
})

test.group('Bad characters / bodies', (group) => {
  withTransaction(group)

  test('a NUL in a contact nom is removed, the contact is saved', async ({ client, assert }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro', 'membre')
    const response = await send(
      client,
      'post',
      '/app/contacts',
      pro,
      { societe_id: String(mine.id), nom: 'Del\u0000vaux\u0007', prenom: 'Ma\u0000thilde' },
      '/app/contacts'
    )
    response.assertStatus(302)
    const contact = await Contact.findByOrFail('nom', 'Delvaux')
    assert.equal(contact.prenom, 'Mathilde')
  })

  test('a NUL-only nom is an empty nom: a French field error', async ({ client, assert }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro', 'membre')
    const response = await send(
      client,
      'post',
      '/app/contacts',
      pro,
      { societe_id: String(mine.id), nom: '\u0000\u0000' },
      '/app/contacts/create'
    )
    response.assertStatus(302)
    assert.match(fieldErrors(response).nom?.[0] ?? '', /nom|requis|champ/i)
  })

  test('a lone surrogate in an email is a field error, not a 500 (JSON too)', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro', 'membre')
    const form = await send(
      client,
      'post',
      '/app/contacts',
      pro,
      { societe_id: String(mine.id), nom: 'Durand', email: 'a\ud800@example.be' },
      '/app/contacts/create'
    )
    form.assertStatus(302)
    assert.property(fieldErrors(form), 'email')

    const json = await client
      .post('/app/contacts')
      .header('accept', 'application/json')
      .json({ societe_id: mine.id, nom: 'Du\ud800rand\u0000', email: 'x\ud800@example.be' })
      .withCsrfToken()
      .loginAs(pro)
    assert.equal(json.status(), 422)
    assert.equal(
      await Contact.query()
        .where('nom', 'like', 'Du%')
        .count('* as n')
        .first()
        .then((r: any) => Number(r.$extras.n)),
      0
    )
  })
})
