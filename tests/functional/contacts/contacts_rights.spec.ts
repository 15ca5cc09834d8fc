/*
 * Contacts are partner data (DESIGN.md §4): a pro sees, edits and deletes only the contacts of
 * his sociétés — a foreign id is a 404 for show, update and delete — and cannot file a contact
 * in a société not his (mass assignment of societe_id); staff see all, with the société.
 */
import { test } from '@japa/runner'
import Contact from '#models/contact'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  expectStatus,
  fieldErrors,
  inertiaVisit,
  makeContact,
  makeSociete,
  send,
  statusOf,
  societeOf,
} from '#tests/functional/societes/helpers'
import { SOCIETE_NOT_ALLOWED } from '#actions/contacts/save_contact'

const CONTACT = {
  nom: 'Lejeune',
  prenom: 'Amandine',
  email: 'a.lejeune@example.be',
  localite: 'Namur',
}

test.group('Contacts / rights', (group) => {
  withTransaction(group)

  test('a pro lists only his sociétés’ contacts; staff all, with the société', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro', 'membre')
    const own = await makeContact(mine, { nom: 'Mien' })
    const foreign = await makeContact(await makeSociete('pro'), { nom: 'Étranger' })

    const page = await inertiaVisit(client, pro, '/app/contacts')
    assert.equal(page.component, 'Contacts/Index')
    assert.deepEqual(
      page.props.contacts.data.map((c: any) => c.id),
      [own.id]
    )
    assert.isFalse(page.props.seesAll)
    assert.deepEqual(page.props.societes, [{ id: mine.id, nom: mine.nom }])
    // Filtering on a foreign société finds nothing: the scope still applies
    const sneaky = await inertiaVisit(
      client,
      pro,
      `/app/contacts?filter[societe]=${foreign.societeId}`
    )
    assert.deepEqual(sneaky.props.contacts.data, [])

    const esi = await makeUser('esi')
    const all = await inertiaVisit(client, esi, '/app/contacts?per_page=100')
    assert.includeMembers(
      all.props.contacts.data.map((c: any) => c.id),
      [own.id, foreign.id]
    )
    assert.isTrue(all.props.seesAll)
    assert.equal(
      all.props.contacts.data.find((c: any) => c.id === foreign.id).societe.id,
      foreign.societeId
    )
  })

  test('a foreign contact is a 404 for show, update and delete; nothing changes', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    await societeOf(pro, 'pro')
    const foreign = await makeContact(await makeSociete('pro'), { nom: 'Intouchable' })

    assert.equal(await statusOf(client, pro, `/app/contacts/${foreign.id}`), 404)
    await expectStatus(
      send(client, 'put', `/app/contacts/${foreign.id}`, pro, {
        ...CONTACT,
        societe_id: foreign.societeId,
      }),
      404
    )
    await expectStatus(send(client, 'delete', `/app/contacts/${foreign.id}`, pro), 404)
    await foreign.refresh()
    assert.equal(foreign.nom, 'Intouchable')
    // Unknown and malformed ids alike
    for (const id of ['999999', 'abc', '99999999999', '-1']) {
      assert.equal(await statusOf(client, pro, `/app/contacts/${id}`), 404, id)
    }
  })

  test('an esi seeing the app as a pro is scoped like a pro; an ordinary user has no contacts area', async ({
    client,
    assert,
  }) => {
    const foreign = await makeContact(await makeSociete('pro'))
    const asPro = await makeUser('esi', { accesRole: 'pro' })
    assert.equal(await statusOf(client, asPro, `/app/contacts/${foreign.id}`), 404)
    assert.equal(await statusOf(client, await makeUser('esi'), `/app/contacts/${foreign.id}`), 200)
    assert.equal(await statusOf(client, await makeUser('other'), '/app/contacts'), 403)
  })

  test('societe_id of a foreign or non-pro société is refused next to the field', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro')
    const foreign = await makeSociete('pro')
    const myClient = await societeOf(pro, 'client')
    for (const societeId of [foreign.id, myClient.id, 2_000_000_000]) {
      const response = await send(
        client,
        'post',
        '/app/contacts',
        pro,
        { ...CONTACT, societe_id: societeId },
        '/app/contacts'
      )
      assert.deepEqual(fieldErrors(response).societe_id, [SOCIETE_NOT_ALLOWED], String(societeId))
    }
    assert.equal(
      await Contact.query()
        .where('nom', 'Lejeune')
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      0
    )

    // Moving one of his contacts to a foreign société: refused too
    const contact = await makeContact(mine)
    const move = await send(client, 'put', `/app/contacts/${contact.id}`, pro, {
      ...CONTACT,
      societe_id: foreign.id,
    })
    assert.deepEqual(fieldErrors(move).societe_id, [SOCIETE_NOT_ALLOWED])
    await contact.refresh()
    assert.equal(contact.societeId, mine.id)
  })

  test('extra fields posted are ignored (id, timestamps)', async ({ client, assert }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro')
    const response = await send(
      client,
      'post',
      '/app/contacts',
      pro,
      {
        ...CONTACT,
        societe_id: mine.id,
        id: 424242,
        created_at: '2000-01-01',
        recherche: 'injecté',
      },
      '/app/contacts'
    )
    response.assertStatus(302)
    const contact = await Contact.findByOrFail('nom', 'Lejeune')
    assert.notEqual(contact.id, 424242)
    assert.isAbove(contact.createdAt.year, 2020)
  })
})
