/*
 * Business limits and out-of-range ids in bodies (issue 10): a French field error, never a 500,
 * and nothing saved; a tampered keyset cursor with an impossible date is ignored with a warning.
 */
import { test } from '@japa/runner'
import Devis from '#models/devis'
import Offre from '#models/offre'
import { makePersona, withTransaction } from '#tests/helpers'
import { LIMIT_MESSAGES } from '#shared/totals'
import { devisBody, ligne, makeClient, visit } from '#tests/functional/devis/editor_helpers'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { offreBody, proWithContact } from '#tests/functional/offres/helpers'

const bag = (response: any) =>
  (response.flashMessage('inputErrorsBag') ?? {}) as Record<string, string[]>

test.group('Business limits / devis and offres', (group) => {
  withTransaction(group)

  test('a devis beyond the limits or with an int8 product id: field errors', async ({
    client,
    assert,
  }) => {
    const user = (await makePersona('esi'))!
    const c = await makeClient()
    const response = await visit(client.post('/esi/devis'), user).json(
      devisBody(c, {
        lignes: [
          ligne({ produit_id: 2147483648 as any }),
          ligne({ quantite: '999999999' }),
          ligne({ prix_unitaire_ht: '20 000 000' }),
          ligne({ quantite: '1000000', prix_unitaire_ht: '9 999 999' }),
          ligne({ produit_id: '1e3' as any }),
        ],
      })
    )
    response.assertStatus(302)
    const errors = bag(response)
    assert.deepEqual(errors['lignes.0.produit_id'], ['Ce produit n’existe plus dans le catalogue.'])
    assert.deepEqual(errors['lignes.1.quantite'], [LIMIT_MESSAGES.quantite])
    assert.deepEqual(errors['lignes.2.prix_unitaire_ht'], [LIMIT_MESSAGES.prix])
    assert.deepEqual(errors['lignes.4.produit_id'], ['Ce produit n’existe plus dans le catalogue.'])
    assert.lengthOf(await Devis.all(), 0)

    const line = await visit(client.post('/esi/devis'), user).json(
      devisBody(c, { lignes: [ligne({ quantite: '1000000', prix_unitaire_ht: '9 999 999' })] })
    )
    assert.deepEqual(bag(line)['lignes.0.quantite'], [LIMIT_MESSAGES.ligne])

    const big = ligne({ quantite: '9', prix_unitaire_ht: '10 000 000' })
    const doc = await visit(client.post('/esi/devis'), user).json(
      devisBody(c, { lignes: [big, big] })
    )
    assert.deepEqual(bag(doc)['lignes'], [LIMIT_MESSAGES.document])
    assert.lengthOf(await Devis.all(), 0)

    // The same as a JSON call: 422 with the messages
    const json = await client
      .post('/esi/devis')
      .loginAs(user)
      .withCsrfToken()
      .header('accept', 'application/json')
      .json(devisBody(c, { lignes: [ligne({ produit_id: 2147483648 as any })] }))
    assert.equal(json.status(), 422)
  })

  test('an offre line with an int8 product id or a huge price: field errors', async ({
    client,
    assert,
  }) => {
    const { pro, contact } = await proWithContact()
    const body = offreBody(contact.id) as any
    const line = body.lignes.find((l: any) => l.type === 'produit')
    body.lignes = [{ ...line, produit_id: 2147483648 }]
    const response = await visit(client.post('/app/offres'), pro).json(body)
    assert.isBelow(response.status(), 500)
    assert.isDefined(bag(response)['lignes.0.produit_id'])
    // The field checks pass, the line's total does not (checked after VineJS)
    body.lignes = [line, { ...line, quantite: '1000000', prix_unitaire_ht: '9 999 999' }]
    const huge = await visit(client.post('/app/offres'), pro).json(body)
    assert.deepEqual(bag(huge)['lignes.1.quantite'], [LIMIT_MESSAGES.ligne])
    assert.lengthOf(await Offre.all(), 0)
  })

  test('a produit price above 10 000 000,00 € is a field error', async ({ client, assert }) => {
    const user = (await makePersona('esi'))!
    const response = await client
      .post('/esi/produits')
      .loginAs(user)
      .withCsrfToken()
      .header('referer', '/esi/produits/create')
      .redirects(0)
      .form({
        reference: 'BIG-1',
        libelle: 'Trop cher',
        unite: 'piece',
        prix_vente_ht: '10 000 000,01',
        taux_tva: '21',
        actif: 'true',
      })
    assert.oneOf(response.status(), [302, 303])
    assert.deepEqual(bag(response)['prix_vente_ht'], [LIMIT_MESSAGES.prix])
  })
})

test.group('Business limits / tampered cursor', (group) => {
  withTransaction(group)

  test('a cursor with an impossible date: first page and a French warning', async ({
    client,
    assert,
  }) => {
    const user = (await makePersona('esi'))!
    for (let day = 10; day <= 20; day++) await makeDevis({ date: `2026-03-${day}` })
    const first = await client.get('/esi/devis?sort=-date&per_page=10').loginAs(user).withInertia()
    const next = first.body().props.devis.next as string
    assert.isString(next)
    const values = JSON.parse(Buffer.from(next, 'base64url').toString('utf8')) as string[]
    const tampered = values.map((v) =>
      /^\d{4}-\d{2}-\d{2}/.test(v) ? v.replace(/^\d{4}-\d{2}-\d{2}/, '2026-02-31') : v
    )
    assert.notDeepEqual(tampered, values)
    const cursor = Buffer.from(JSON.stringify(tampered)).toString('base64url')
    const response = await client
      .get(`/esi/devis?sort=-date&per_page=10&after=${cursor}`)
      .loginAs(user)
      .withInertia()
    assert.equal(response.status(), 200)
    assert.include(
      response.body().props.warnings,
      'Position dans la liste invalide : retour à la première page.'
    )
  })
})
