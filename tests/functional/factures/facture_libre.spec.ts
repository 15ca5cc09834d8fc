/*
 * « Nouvelle facture » (decision 232): a free draft created and edited with the editor's JSON
 * save, a stale save refused with the one French conflict message, an issued facture and an
 * acompte's lines refused, the pages and rights.
 */
import { test } from '@japa/runner'
import Facture from '#models/facture'
import FactureLigne from '#models/facture_ligne'
import { ClientFactory } from '#database/factories/client_factory'
import { makeUser, withTransaction } from '#tests/helpers'
import { acompteDraft, issued, libreDraft } from '#tests/functional/factures/helpers'

const LIGNES = [
  {
    type: 'produit',
    designation: 'Remplacement du joint de la baie vitrée',
    quantite: '2',
    prix_unitaire_ht: '45,00',
    remise_pct: '0',
    taux_tva: 21,
  },
  { type: 'texte', designation: 'Intervention du 12/11' },
]

test.group('Factures / free facture editor', (group) => {
  withTransaction(group)

  test('create then edit a draft through the editor’s JSON saves', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const customer = await ClientFactory.merge({ nom: 'Martin' }).create()
    const page = await client
      .get(`/esi/compta/facture/nouvelle?client=${customer.idClient}`)
      .loginAs(user)
      .withInertia()
    page.assertInertiaComponent('esi/compta/facture/Edit')
    assert.equal(page.body().props.client.id, customer.idClient)

    const created = await client
      .post('/esi/compta/facture')
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ client_id: customer.idClient, objet: 'SAV baie vitrée', lignes: LIGNES })
      .withCsrfToken()
    created.assertStatus(201)
    const facture = await Facture.findOrFail(created.body().id)
    assert.equal(facture.type, 'libre')
    assert.equal(facture.totalHt, 9000)
    assert.equal(facture.totalTtc, 10890)

    const saved = await client
      .put(`/esi/compta/facture/${facture.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({
        lock_version: facture.lockVersion,
        objet: 'SAV baie vitrée (2 joints)',
        remise_globale_pct: '10',
        lignes: [{ ...LIGNES[0], quantite: '3' }],
      })
      .withCsrfToken()
    saved.assertStatus(200)
    assert.equal(saved.body().lock_version, facture.lockVersion + 1)
    const after = await Facture.findOrFail(facture.id)
    assert.equal(after.objet, 'SAV baie vitrée (2 joints)')
    assert.equal(after.totalHt, 12150)
    const lignes = await FactureLigne.query().where('facture_id', facture.id)
    assert.lengthOf(lignes, 1)

    const edit = await client
      .get(`/esi/compta/facture/${facture.id}/modifier`)
      .loginAs(user)
      .withInertia()
    edit.assertInertiaComponent('esi/compta/facture/Edit')
    assert.equal(edit.body().props.form.lignes[0].quantite, '3')
    assert.equal(edit.body().props.facture.lock_version, after.lockVersion)
  })

  test('a stale save is refused with the French conflict message, nothing written', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const draft = await libreDraft()
    const body = { objet: 'Autre objet', lignes: LIGNES }
    const first = await client
      .put(`/esi/compta/facture/${draft.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ ...body, lock_version: draft.lockVersion })
      .withCsrfToken()
    first.assertStatus(200)
    const stale = await client
      .put(`/esi/compta/facture/${draft.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ ...body, objet: 'Objet périmé', lock_version: draft.lockVersion })
      .withCsrfToken()
    stale.assertStatus(409)
    assert.include(
      JSON.stringify(stale.body()),
      'Ce brouillon de facture a été modifié depuis que vous l’avez ouvert'
    )
    const after = await Facture.findOrFail(draft.id)
    assert.equal(after.objet, 'Autre objet')
  })

  test('an issued facture and an acompte’s lines are refused', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const done = await issued()
    const refused = await client
      .put(`/esi/compta/facture/${done.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ objet: 'Changée', lignes: LIGNES, lock_version: done.lockVersion })
      .withCsrfToken()
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), `La facture ${done.numero} est émise.`)
    const page = await client
      .get(`/esi/compta/facture/${done.id}/modifier`)
      .loginAs(user)
      .redirects(0)
    page.assertStatus(302)
    page.assertHeader('location', `/esi/compta/facture/${done.id}`)

    const { facture } = await acompteDraft()
    const acompte = await client
      .put(`/esi/compta/facture/${facture.id}`)
      .loginAs(user)
      .header('accept', 'application/json')
      .json({ objet: 'Changée', lignes: LIGNES, lock_version: facture.lockVersion })
      .withCsrfToken()
    acompte.assertStatus(422)
    assert.include(JSON.stringify(acompte.body()), 'Seule une facture libre')
  })

  test('field errors by cell, rights', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const customer = await ClientFactory.create()
    const bad = await client
      .post('/esi/compta/facture')
      .loginAs(user)
      .header('accept', 'application/json')
      .json({
        client_id: customer.idClient,
        objet: '',
        lignes: [{ ...LIGNES[0], quantite: '-1' }],
      })
      .withCsrfToken()
    bad.assertStatus(422)
    const text = JSON.stringify(bad.body())
    assert.include(text, 'Saisissez l’objet de la facture.')
    assert.include(text, 'La quantité ne peut pas être négative.')

    for (const role of ['pro', 'other'] as const) {
      const other = await makeUser(role)
      const r = await client.get('/esi/compta/facture/nouvelle').loginAs(other).redirects(0)
      r.assertStatus(403)
    }
  })
})
