/*
 * Creating, showing and editing a client: French messages next to the fields (VAT for a
 * professional, e-mail, phones, postal code, coordinates, apporteur), what is stored, the Show
 * page's props and its empty sections.
 */
import { test } from '@japa/runner'
import Client from '#models/client'
import { makeUser, withTransaction } from '#tests/helpers'
import { SocieteFactory } from '#database/factories/societe_factory'
import { ClientFactory } from '#database/factories/client_factory'
import { PHONE_MESSAGE } from '#shared/validation/phone'
import { CLIENT_MESSAGES } from '#validators/client'

const GOOD = {
  type: 'particulier',
  civilite: 'Mme',
  nom: '  Lambert ',
  prenom: 'Géraldine',
  email: 'Geraldine.Lambert@Example.com',
  telephone: '081 22 33 44',
  gsm: '',
  facturation_rue: 'Rue de Fer 12',
  facturation_code_postal: '5000',
  facturation_localite: 'Namur',
  facturation_pays: 'be',
  chantier_lat: '50,4669',
  chantier_lng: '4.8675',
  notes: '<script>alert(1)</script>',
}

function post(client: any, user: any, data: Record<string, unknown>) {
  return client
    .post('/esi/customers')
    .loginAs(user)
    .form(data)
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

test.group('Clients / create and edit', (group) => {
  withTransaction(group)

  test('a valid client is stored, trimmed and normalized, then shown', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const response = await post(client, user, GOOD)
    const created = await Client.query().where('prenom', 'Géraldine').firstOrFail()
    response.assertStatus(302)
    response.assertHeader('location', `/esi/customers/${created.idClient}`)
    assert.equal(created.nom, 'Lambert')
    assert.equal(created.email, 'geraldine.lambert@example.com')
    assert.equal(created.facturationPays, 'BE')
    assert.isNull(created.gsm)
    assert.equal(created.chantierLat, 50.4669)
    assert.equal(created.chantierLng, 4.8675)
    // Notes are text: stored as typed, escaped by React when shown
    assert.equal(created.notes, '<script>alert(1)</script>')

    const show = await client.get(`/esi/customers/${created.idClient}`).loginAs(user).withInertia()
    show.assertStatus(200)
    show.assertInertiaComponent('esi/customer/Show')
    const props = show.body().props
    assert.equal(props.client.nom_complet, 'Mme Géraldine Lambert')
    assert.equal(props.client.chantier_lat, 50.4669)
    assert.isFalse(props.canDelete)
    assert.isArray(props.apporteurs)
  })

  test('a professional needs a société and a valid VAT number; French messages by field', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const missing = await post(client, user, { ...GOOD, type: 'professionnel' })
    missing.assertStatus(302)
    const errors = missing.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.deepEqual(errors.societe, [CLIENT_MESSAGES['societe.required']])
    assert.deepEqual(errors.numero_tva, [CLIENT_MESSAGES['numero_tva.required']])

    const badVat = await post(client, user, {
      ...GOOD,
      type: 'professionnel',
      societe: 'Zénith SRL',
      numero_tva: 'BE0403170702',
    })
    assert.deepEqual((badVat.flashMessage('inputErrorsBag') as any).numero_tva, [
      CLIENT_MESSAGES.vat,
    ])
    assert.lengthOf(await Client.all(), 0)

    const ok = await post(client, user, {
      ...GOOD,
      type: 'professionnel',
      societe: 'Zénith SRL',
      numero_tva: 'be 0403.170.701',
    })
    ok.assertStatus(302)
    const stored = await Client.firstOrFail()
    assert.equal(stored.numeroTva, 'BE0403170701')
    assert.equal(stored.societe, 'Zénith SRL')
  })

  test('a private customer keeps no société nor VAT number', async ({ client, assert }) => {
    const user = await makeUser('esi')
    await post(client, user, { ...GOOD, societe: 'Ignorée', numero_tva: 'BE0403170701' })
    const stored = await Client.firstOrFail()
    assert.isNull(stored.societe)
    assert.isNull(stored.numeroTva)
  })

  test('e-mail, phones, postal code, coordinates and apporteur are checked', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const other = await SocieteFactory.merge({ type: 'client' }).create()
    const response = await post(client, user, {
      ...GOOD,
      nom: '',
      email: 'pas-une-adresse',
      telephone: '12',
      gsm: '0478 12 34 56 abc',
      facturation_code_postal: '50000',
      chantier_lat: '91',
      chantier_lng: '',
      apporteur_id: other.id,
      type: 'robot',
    })
    const errors = response.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.deepEqual(errors.nom, ['Ce champ est requis.'])
    assert.deepEqual(errors.email, ['Veuillez saisir une adresse e-mail valide.'])
    assert.deepEqual(errors.telephone, [PHONE_MESSAGE])
    assert.deepEqual(errors.gsm, [PHONE_MESSAGE])
    assert.deepEqual(errors.facturation_code_postal, [CLIENT_MESSAGES.postalCode])
    assert.deepEqual(errors.chantier_lat, [CLIENT_MESSAGES.latitude])
    assert.deepEqual(errors.apporteur_id, [CLIENT_MESSAGES['apporteur_id.database.exists']])
    assert.deepEqual(errors.type, ['La valeur choisie n’est pas valide.'])

    const halfCoordinates = await post(client, user, { ...GOOD, chantier_lng: '' })
    assert.deepEqual((halfCoordinates.flashMessage('inputErrorsBag') as any).chantier_lat, [
      CLIENT_MESSAGES.coordinates,
    ])
    assert.lengthOf(await Client.all(), 0)
  })

  test('editing changes the fields, not the id nor the creation date', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const apporteur = await SocieteFactory.merge({ type: 'pro' }).create()
    const target = await ClientFactory.create()
    const response = await client
      .put(`/esi/customers/${target.idClient}`)
      .loginAs(user)
      .form({
        ...GOOD,
        nom: 'Nouveau',
        apporteur_id: apporteur.id,
        id_client: 999999,
        created_at: '2000-01-01',
        lock_version: 1,
      })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    // Inertia turns the redirect of a PUT into a 303 (the browser then GETs the page)
    response.assertStatus(303)
    response.assertHeader('location', `/esi/customers/${target.idClient}`)
    await target.refresh()
    assert.equal(target.nom, 'Nouveau')
    assert.equal(target.apporteurId, apporteur.id)
    assert.notEqual(target.createdAt.year, 2000)
    assert.isNull(await Client.find(999999))
  })

  test('the Show page of an unknown client is a 404', async ({ client }) => {
    const user = await makeUser('esi')
    const response = await client.get('/esi/customers/123456').loginAs(user).withInertia()
    response.assertStatus(404)
  })
})
