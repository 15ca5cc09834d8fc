/*
 * A client's Show page lists its devis and commandes (issue 5), and a client with devis cannot
 * be deleted: the admin gets the French reason back on the page, never a 500.
 */
import { test } from '@japa/runner'
import { DateTime } from 'luxon'
import Client from '#models/client'
import Devis from '#models/devis'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'

async function devisFor(client: Client, objet: string, numero: string | null = null) {
  return Devis.create({
    clientId: client.idClient,
    clientNom: client.nom,
    dateDevis: DateTime.fromISO('2026-10-05'),
    valableJusquAu: DateTime.fromISO('2026-11-04'),
    objet,
    numero,
    statut: numero ? 'envoye' : 'brouillon',
    totalTtc: 123456,
  })
}

test.group('Clients / their documents', (group) => {
  withTransaction(group)

  test('the Show page lists the devis of this client only, newest first', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const mine = await ClientFactory.create()
    const other = await ClientFactory.create()
    await devisFor(mine, 'Châssis salon', 'DEV-2026-09001')
    await devisFor(other, 'Porte de garage')
    const response = await client.get(`/esi/customers/${mine.idClient}`).loginAs(user).withInertia()
    response.assertStatus(200)
    const props = response.body().props
    assert.lengthOf(props.devis, 1)
    assert.include(props.devis[0], {
      numero: 'DEV-2026-09001',
      objet: 'Châssis salon',
      date_devis: '2026-10-05',
      total_ttc: 123456,
      statut: 'envoye',
    })
    assert.deepEqual(props.commandes, [])
  })

  test('deleting a client that has devis is refused with the reason, nothing deleted', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const target = await ClientFactory.create()
    await devisFor(target, 'Volets')
    const response = await client
      .delete(`/esi/customers/${target.idClient}`)
      .loginAs(user)
      .withSession(recentProofs())
      .withCsrfToken()
      .header('referer', `/esi/customers/${target.idClient}`)
      .redirects(0)
    assert.oneOf(response.status(), [302, 303])
    assert.equal(response.header('location'), `/esi/customers/${target.idClient}`)
    assert.match(
      String(response.flashMessages().error),
      /a des devis : il ne peut pas être supprimé/
    )
    assert.exists(await Client.find(target.idClient))
  })

  test('renaming a client renames it in the devis list (search and sort copy)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const target = await ClientFactory.merge({ type: 'particulier', nom: 'Avant' }).create()
    const devis = await devisFor(target, 'Fenêtres')
    const response = await client
      .put(`/esi/customers/${target.idClient}`)
      .loginAs(user)
      .form({
        type: 'particulier',
        nom: 'Après',
        prenom: 'Zoé',
        facturation_pays: 'BE',
        lock_version: 1,
      })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    response.assertStatus(303)
    await devis.refresh()
    assert.include(devis.clientNom, 'Après')
    assert.include(devis.clientNom, 'Zoé')
  })
})
