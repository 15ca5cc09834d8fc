/*
 * Contacts: create, edit, delete with French validation messages and an audit row each;
 * the list sorted, filtered, searched (accents and case ignored) and paginated on the server.
 */
import { test } from '@japa/runner'
import Contact from '#models/contact'
import AuditLog from '#models/audit_log'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  fieldErrors,
  inertiaVisit,
  makeContact,
  makeSociete,
  send,
  societeOf,
} from '#tests/functional/societes/helpers'
import { FIELD_MESSAGES } from '#shared/societes'

const names = (page: any) => page.props.contacts.data.map((c: any) => c.nom)

test.group('Contacts / create, edit, delete', (group) => {
  withTransaction(group)

  test('a pro creates, edits and deletes a contact of his société, each audited', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro', 'membre')
    const created = await send(
      client,
      'post',
      '/app/contacts',
      pro,
      {
        societe_id: String(mine.id),
        nom: 'Delvaux',
        prenom: 'Mathilde',
        email: 'M.Delvaux@Example.BE',
        telephone: '+32 471 23 45 67',
        adresse: 'Rue des Carmes 3',
        code_postal: '5000',
        localite: 'Namur',
        notes: 'Préfère être appelée le matin.',
      },
      '/app/contacts'
    )
    created.assertStatus(302)
    const contact = await Contact.findByOrFail('nom', 'Delvaux')
    assert.equal(created.header('location'), `/app/contacts/${contact.id}`)
    assert.equal(contact.email, 'm.delvaux@example.be')
    assert.exists(
      await AuditLog.query()
        .where({ action: 'contact.created', subject_id: String(contact.id) })
        .first()
    )

    const show = await inertiaVisit(client, pro, `/app/contacts/${contact.id}`)
    assert.equal(show.component, 'Contacts/Show')
    assert.equal(show.props.contact.societe.nom, mine.nom)

    const updated = await send(
      client,
      'put',
      `/app/contacts/${contact.id}`,
      pro,
      {
        societe_id: mine.id,
        nom: 'Delvaux-Martin',
        prenom: 'Mathilde',
        lock_version: 1,
      },
      `/app/contacts/${contact.id}`
    )
    updated.assertStatus(302)
    await contact.refresh()
    assert.equal(contact.nom, 'Delvaux-Martin')
    assert.isNull(contact.email, 'a field left empty is emptied')
    const row = await AuditLog.query()
      .where({ action: 'contact.updated', subject_id: String(contact.id) })
      .firstOrFail()
    assert.deepInclude(row.after, { nom: 'Delvaux-Martin' })

    const deleted = await send(client, 'delete', `/app/contacts/${contact.id}`, pro)
    assert.equal(deleted.header('location'), '/app/contacts')
    assert.isNull(await Contact.find(contact.id))
    assert.exists(
      await AuditLog.query()
        .where({ action: 'contact.deleted', subject_id: String(contact.id) })
        .first()
    )
  })

  test('French messages next to the fields', async ({ client, assert }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro')
    const response = await send(
      client,
      'post',
      '/app/contacts',
      pro,
      {
        societe_id: mine.id,
        nom: '',
        email: 'nope',
        telephone: 'abc',
      },
      '/app/contacts'
    )
    const errors = fieldErrors(response)
    assert.deepEqual(errors.nom, ['Le nom du contact est requis.'])
    assert.deepEqual(errors.email, ['Veuillez saisir une adresse e-mail valide.'])
    assert.deepEqual(errors.telephone, [FIELD_MESSAGES.telephone])
    const noSociete = await send(
      client,
      'post',
      '/app/contacts',
      pro,
      { nom: 'X' },
      '/app/contacts'
    )
    assert.deepEqual(fieldErrors(noSociete).societe_id, ['Choisissez la société du contact.'])
  })
})

test.group('Contacts / list', (group) => {
  withTransaction(group)

  async function proWithContacts() {
    const pro = await makeUser('pro')
    const a = await societeOf(pro, 'pro')
    const b = await societeOf(pro, 'pro', 'membre')
    await makeContact(a, {
      nom: 'Éloi',
      prenom: 'Jérôme',
      localite: 'Liège',
      email: 'j.eloi@example.be',
    })
    await makeContact(a, {
      nom: 'dubois',
      prenom: 'Anne',
      localite: 'Namur',
      email: 'a.dubois@example.be',
    })
    await makeContact(b, {
      nom: 'Zeegers',
      prenom: 'Luc',
      localite: 'Bruxelles',
      email: 'l.zeegers@example.be',
    })
    await makeContact(b, { nom: 'Bastin', prenom: 'Chloé', localite: 'Écaussinnes', email: null })
    return { pro, a, b }
  }

  test('sort by name ignoring accents and case, by société and by locality', async ({
    client,
    assert,
  }) => {
    const { pro, a } = await proWithContacts()
    assert.deepEqual(names(await inertiaVisit(client, pro, '/app/contacts')), [
      'Bastin',
      'dubois',
      'Éloi',
      'Zeegers',
    ])
    assert.deepEqual(names(await inertiaVisit(client, pro, '/app/contacts?sort=-nom')), [
      'Zeegers',
      'Éloi',
      'dubois',
      'Bastin',
    ])
    assert.deepEqual(names(await inertiaVisit(client, pro, '/app/contacts?sort=localite')), [
      'Zeegers',
      'Bastin',
      'Éloi',
      'dubois',
    ])
    const bySociete = await inertiaVisit(client, pro, '/app/contacts?sort=societe,nom')
    assert.deepEqual(bySociete.props.filters.sort, 'societe,nom')
    assert.lengthOf(bySociete.props.contacts.data, 4)
    const filtered = await inertiaVisit(client, pro, `/app/contacts?filter[societe]=${a.id}`)
    assert.deepEqual(names(filtered), ['dubois', 'Éloi'])
  })

  test('search without accents or case, across name, first name, e-mail and locality', async ({
    client,
    assert,
  }) => {
    const { pro } = await proWithContacts()
    assert.deepEqual(names(await inertiaVisit(client, pro, '/app/contacts?q=JEROME')), ['Éloi'])
    assert.deepEqual(names(await inertiaVisit(client, pro, '/app/contacts?q=eloi%20jerome')), [
      'Éloi',
    ])
    assert.deepEqual(names(await inertiaVisit(client, pro, '/app/contacts?q=ecaussinnes')), [
      'Bastin',
    ])
    assert.deepEqual(names(await inertiaVisit(client, pro, '/app/contacts?q=zeegers@')), [
      'Zeegers',
    ])
  })

  test('bad values and SQL are ignored or inert, never a 500', async ({ client, assert }) => {
    const { pro } = await proWithContacts()
    const foreign = await makeContact(await makeSociete('pro'), { nom: 'Caché' })
    for (const query of [
      'sort=nom;drop table contacts',
      'sort=recherche',
      'sort=societes.nom',
      'filter[societe]=abc',
      'filter[societe]=99999999999',
      `filter[societe]=${foreign.societeId}`,
      "q=' OR 1=1 --",
      'q=%25',
      'per_page=0&page=0',
    ]) {
      const page = await inertiaVisit(
        client,
        pro,
        `/app/contacts?${query.replace(/ /g, '%20').replace(/'/g, '%27')}`
      )
      assert.equal(page.status, 200, query)
      assert.notInclude(names(page), 'Caché', query)
    }
    const ignored = await inertiaVisit(
      client,
      pro,
      '/app/contacts?sort=recherche&filter[societe]=abc'
    )
    assert.equal(ignored.props.filters.sort, 'nom')
    assert.deepEqual(ignored.props.filters.filter, {})
    assert.equal(
      await Contact.query()
        .count('* as n')
        .then((r) => Number(r[0].$extras.n)),
      5
    )
  })

  test('pages of 10', async ({ client, assert }) => {
    const pro = await makeUser('pro')
    const mine = await societeOf(pro, 'pro')
    for (let i = 1; i <= 23; i++)
      await makeContact(mine, { nom: `Contact ${String(i).padStart(2, '0')}` })
    const first = await inertiaVisit(client, pro, '/app/contacts?per_page=10')
    const second = await inertiaVisit(
      client,
      pro,
      `/app/contacts?per_page=10&after=${first.props.contacts.next}`
    )
    const third = await inertiaVisit(
      client,
      pro,
      `/app/contacts?per_page=10&after=${second.props.contacts.next}`
    )
    assert.deepEqual(names(third), ['Contact 21', 'Contact 22', 'Contact 23'])
    assert.deepEqual(third.props.contacts.total, { count: 23, exact: true })
    assert.isNull(third.props.contacts.next)
    const last = await inertiaVisit(client, pro, '/app/contacts?per_page=10&page=last')
    assert.deepEqual(names(last).slice(-3), ['Contact 21', 'Contact 22', 'Contact 23'])
  })
})
