/*
 * Optimistic lock (reference B3): two saves from the same opened version — the second is refused
 * with 409 and a French message saying who saved and when; the database keeps the first.
 */
import { test } from '@japa/runner'
import Devis from '#models/devis'
import Client from '#models/client'
import DevisLigne from '#models/devis_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { CONFLICT_FLASH } from '#controllers/esi/devis_controller'
import {
  api,
  devisBody,
  devisField,
  ligne,
  makeDevis,
  visit,
} from '#tests/functional/devis/editor_helpers'

test.group('Devis editor / version conflict', (group) => {
  withTransaction(group)

  test('the second save with the same lock_version gets 409; the first stays', async ({
    client,
    assert,
  }) => {
    const alice = await makeUser('esi', { name: 'Alice Martin' })
    const bob = await makeUser('esi', { name: 'Bob Leroy' })
    const devis = await makeDevis(alice)
    const c = await Client.findOrFail(devis.clientId)
    const opened = devis.lockVersion

    const first = await api(client.put(`/esi/devis/${devis.id}`), alice).json(
      devisBody(c, { lock_version: opened, objet: 'Version d’Alice', lignes: [ligne()] })
    )
    first.assertStatus(200)

    const second = await api(client.put(`/esi/devis/${devis.id}`), bob).json(
      devisBody(c, {
        lock_version: opened,
        objet: 'Version de Bob',
        lignes: [ligne(), ligne({ designation: 'Ajout de Bob' })],
      })
    )
    second.assertStatus(409)
    const message = second.body().message as string
    assert.match(
      message,
      /^Ce devis a été modifié par Alice Martin à \d{2}h\d{2} depuis que vous l’avez ouvert\./
    )
    assert.include(message, 'Vos changements ne sont pas enregistrés')

    const stored = await Devis.findOrFail(devis.id)
    assert.equal(stored.objet, 'Version d’Alice')
    assert.equal(stored.lockVersion, opened + 1)
    assert.lengthOf(await DevisLigne.query().where('devis_id', devis.id), 1)
  })

  test('in the editor (page visit): back to the page with the message as a sticky alert', async ({
    client,
    assert,
  }) => {
    const alice = await makeUser('esi', { name: 'Alice Martin' })
    const devis = await makeDevis(alice)
    const c = await Client.findOrFail(devis.clientId)
    await api(client.put(`/esi/devis/${devis.id}`), alice).json(
      devisBody(c, { lock_version: devis.lockVersion })
    )
    const stale = await visit(client.put(`/esi/devis/${devis.id}`), alice)
      .header('Referer', `/esi/devis/${devis.id}/edit`)
      .json(devisBody(c, { lock_version: devis.lockVersion, objet: 'Perdu ?' }))
    stale.assertStatus(303)
    const conflict = stale.flashMessage(CONFLICT_FLASH) as string
    assert.match(conflict, /a été modifié par Alice Martin/)
    const page = await client
      .get(`/esi/devis/${devis.id}/edit`)
      .loginAs(alice)
      .withInertia()
      .withFlashMessages({ [CONFLICT_FLASH]: conflict })
    assert.equal(page.body().props.conflict, conflict)
    assert.notEqual(await devisField(devis.id, 'objet'), 'Perdu ?')
  })

  test('a status change from a stale page is refused too', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const c = await Client.findOrFail(devis.clientId)
    await api(client.put(`/esi/devis/${devis.id}`), user).json(
      devisBody(c, { lock_version: devis.lockVersion })
    )
    const response = await api(client.post(`/esi/devis/${devis.id}/statut`), user).json({
      to: 'annule',
      motif: 'Doublon',
      lock_version: devis.lockVersion,
    })
    response.assertStatus(409)
    assert.equal(await devisField(devis.id, 'statut'), 'brouillon')
  })
})
