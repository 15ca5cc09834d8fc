/*
 * Optimistic lock on the records two people may edit at once (issue 10): contacts, sociétés,
 * clients and produits. Two people open the same version; the first save wins, the second is
 * refused with the one French conflict message (back to the form, what was typed flashed back),
 * nothing of it written. A save without the version is refused too.
 */
import { test } from '@japa/runner'
import Societe from '#models/societe'
import Client from '#models/client'
import Produit from '#models/produit'
import { makeUser, withTransaction } from '#tests/helpers'
import { addMember, makeContact, makeSociete } from '#tests/functional/societes/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { ProduitFactory } from '#database/factories/produit_factory'

function put(client: any, user: any, url: string, body: Record<string, unknown>) {
  return client
    .put(url)
    .loginAs(user)
    .header('referer', url)
    .form(body)
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

/** The refusal as the page receives it: the reason in the toast and in `_form`, input kept. */
function assertConflict(assert: any, response: any, label: string) {
  assert.isBelow(response.status(), 400)
  const message = response.flashMessage('error') as string
  assert.match(message, new RegExp(`^${label} a été modifiée? `))
  assert.include(message, 'Vos changements ne sont pas enregistrés')
  const bag = response.flashMessage('inputErrorsBag') as Record<string, string[]>
  assert.deepEqual(bag._form, [message])
}

test.group('Integrity / optimistic lock on records', (group) => {
  withTransaction(group)

  test('contacts: the second stale save is refused, the first kept', async ({ client, assert }) => {
    const pro = await makeUser('pro', { name: 'Alice Premier' })
    const societe = await makeSociete('pro')
    await addMember(societe, pro, 'admin')
    const contact = await makeContact(societe, { nom: 'Dupont' })
    const other = await makeUser('pro')
    await addMember(societe, other, 'admin')
    const url = `/app/contacts/${contact.id}`
    const body = { societe_id: societe.id, lock_version: 1 }

    const first = await put(client, pro, url, { ...body, nom: 'Premier' })
    assert.equal(first.flashMessage('success'), 'Le contact est enregistré.')
    const second = await put(client, other, url, { ...body, nom: 'Second' })
    assertConflict(assert, second, 'Ce contact')
    assert.include(second.flashMessage('error'), 'par Alice Premier')
    assert.equal(second.flashMessage('nom'), 'Second')

    await contact.refresh()
    assert.equal(contact.nom, 'Premier')
    assert.equal(contact.lockVersion, 2)

    const missing = await put(client, pro, url, { societe_id: societe.id, nom: 'Sans version' })
    assert.include(missing.flashMessage('error'), 'Version de la fiche manquante')
    await contact.refresh()
    assert.equal(contact.nom, 'Premier')
  })

  test('sociétés: the second stale save is refused, the first kept', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const societe = await makeSociete('client', { nom: 'Avant' })
    const url = `/app/company/${societe.id}`
    const first = await put(client, esi, url, { nom: 'Premier nom', lock_version: 1 })
    assert.equal(first.flashMessage('success'), 'Les informations de la société sont enregistrées.')
    const second = await put(client, esi, url, { nom: 'Second nom', lock_version: 1 })
    assertConflict(assert, second, 'Cette société')
    const saved = await Societe.findOrFail(societe.id)
    assert.equal(saved.nom, 'Premier nom')
    assert.equal(saved.lockVersion, 2)

    // The edit page hands the current version to the form
    const page = await client.get(`${url}/edit`).loginAs(esi).withInertia()
    assert.equal(page.body().props.societe.lock_version, 2)
  })

  test('clients: the second stale save is refused, the first kept', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const target = await ClientFactory.merge({ nom: 'Avant' }).create()
    const url = `/esi/customers/${target.idClient}`
    const body = {
      type: 'particulier',
      nom: 'Premier',
      facturation_pays: 'BE',
      lock_version: 1,
    }
    const first = await put(client, esi, url, body)
    assert.equal(first.flashMessage('success'), 'Client enregistré.')
    const second = await put(client, esi, url, { ...body, nom: 'Second' })
    assertConflict(assert, second, `Le client n° ${target.idClient}`)
    const saved = await Client.findOrFail(target.idClient)
    assert.equal(saved.nom, 'Premier')
    assert.equal(saved.lockVersion, 2)

    const page = await client.get(url).loginAs(esi).withInertia()
    assert.equal(page.body().props.client.lock_version, 2)
  })

  test('produits: the second stale save is refused, the first kept', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const produit = await ProduitFactory.merge({ reference: 'LOCK-1' }).create()
    const url = `/esi/produits/${produit.id}`
    const body = {
      reference: 'LOCK-1',
      libelle: 'Premier',
      unite: 'piece',
      prix_vente_ht: '10',
      taux_tva: '21',
      actif: 'true',
      lock_version: 1,
    }
    const first = await put(client, esi, url, body)
    assert.equal(first.flashMessage('success'), 'Produit LOCK-1 enregistré.')
    const second = await put(client, esi, url, { ...body, libelle: 'Second' })
    assertConflict(assert, second, 'Le produit LOCK-1')
    const saved = await Produit.findOrFail(produit.id)
    assert.equal(saved.libelle, 'Premier')
    assert.equal(saved.lockVersion, 2)

    const list = await client.get('/esi/produits?q=LOCK').loginAs(esi).withInertia()
    const row = list.body().props.produits.data.find((p: any) => p.id === produit.id)
    assert.equal(row.lock_version, 2)
  })
})
