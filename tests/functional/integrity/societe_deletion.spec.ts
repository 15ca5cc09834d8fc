/*
 * « An issued or transmitted document is never deleted » (issue 10): a pro société with offres,
 * or that brought in a devis or a client, cannot be deleted — the service refuses with the
 * reason, and the foreign keys refuse a raw DELETE too (no cascade into documents).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Societe from '#models/societe'
import Offre from '#models/offre'
import Contact from '#models/contact'
import Devis from '#models/devis'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { send } from '#tests/functional/societes/helpers'
import { makeOffre, proWithContact, transmittedOffre } from '#tests/functional/offres/helpers'
import { insertDevis, produit } from '#tests/functional/document_helpers'
import { makeClient } from '#tests/functional/devis/editor_helpers'

async function esiAdmin() {
  return makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
}

test.group('Integrity / deleting a société with documents', (group) => {
  withTransaction(group)

  test('a pro société with a transmitted offre turned into a devis is not deleted', async ({
    client,
    assert,
  }) => {
    const { societe, contact, offre } = await transmittedOffre()
    const customer = await makeClient()
    const { devis } = await insertDevis(
      {
        clientId: customer.idClient,
        clientNom: 'Client',
        apporteurId: societe.id,
        offreId: offre.id,
      },
      [produit('Châssis', 10_000)]
    )
    const admin = await esiAdmin()
    const response = await send(
      client,
      'delete',
      `/app/company/${societe.id}`,
      admin,
      {},
      `/app/company/${societe.id}/edit`
    ).withSession(recentProofs())
    response.assertStatus(302)
    assert.equal(response.header('location'), `/app/company/${societe.id}/edit`)
    const flashed = response.flashMessage('error') as string
    assert.include(flashed, 'ne peut pas être supprimée')
    assert.include(flashed, '1 offre')
    assert.include(flashed, '1 devis dont elle est l’apporteur')

    assert.exists(await Societe.find(societe.id))
    assert.exists(await Offre.find(offre.id))
    assert.exists(await Contact.find(contact.id))
    const kept = await Devis.findOrFail(devis.id)
    assert.equal(kept.apporteurId, societe.id)
    assert.equal(kept.offreId, offre.id)
  })

  test('a JSON caller gets 409 and the reason', async ({ client, assert }) => {
    const { societe, contact } = await proWithContact()
    await makeOffre(societe, contact)
    const response = await client
      .delete(`/app/company/${societe.id}`)
      .loginAs(await esiAdmin())
      .header('accept', 'application/json')
      .header('x-requested-with', 'XMLHttpRequest')
      .withCsrfToken()
      .withSession(recentProofs())
    response.assertStatus(409)
    assert.include(response.body().message, '1 offre')
    assert.exists(await Societe.find(societe.id))
  })

  test('a société without documents still goes, with its contacts and memberships', async ({
    client,
    assert,
  }) => {
    const { societe, contact, pro } = await proWithContact()
    const response = await send(
      client,
      'delete',
      `/app/company/${societe.id}`,
      await esiAdmin()
    ).withSession(recentProofs())
    response.assertStatus(302)
    assert.equal(response.header('location'), '/app/company')
    assert.isNull(await Societe.find(societe.id))
    assert.isNull(await Contact.find(contact.id))
    const membership = await db.from('societe_user').where('user_id', pro.id).first()
    assert.isNull(membership)
  })

  test('a raw DELETE is refused by the foreign keys', async ({ assert }) => {
    const { societe, offre } = await transmittedOffre()
    await assert.rejects(
      () => db.transaction((trx) => trx.from('societes').where('id', societe.id).delete()),
      /offres_societe_id_foreign/
    )
    assert.exists(await Offre.find(offre.id))

    const { societe: apporteur } = await proWithContact()
    const customer = await makeClient({ apporteurId: apporteur.id } as any)
    await assert.rejects(
      () => db.transaction((trx) => trx.from('societes').where('id', apporteur.id).delete()),
      /clients_apporteur_id_foreign/
    )
    await customer.refresh()
    assert.equal(customer.apporteurId, apporteur.id)
  })

  test('a foreign key refusal that reaches the handler is a French 409, not a 500', async ({
    client,
    assert,
  }) => {
    // A contact with an offre: whatever its action checks, the database has the last word
    const { pro, contact, societe } = await proWithContact()
    await makeOffre(societe, contact)
    const response = await client
      .delete(`/app/contacts/${contact.id}`)
      .loginAs(pro)
      .header('accept', 'application/json')
      .header('x-requested-with', 'XMLHttpRequest')
      .withCsrfToken()
    assert.isBelow(response.status(), 500)
    assert.include([409, 422], response.status())
    assert.isString(response.body().message)
    assert.notInclude(response.body().message, 'violates')
    assert.exists(await Contact.find(contact.id))
  })
})
