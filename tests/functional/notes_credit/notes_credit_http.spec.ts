/*
 * Notes de crédit and paiements over HTTP (issue 11 §2–§3): the pages render for staff, the
 * « Créer une note de crédit » form makes a draft that « Émettre » issues (the facture annulée),
 * over-credit is a French 422, the payment form records one payment per idempotency key, and
 * rights (esi only; pro and other 403; unknown 404).
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import Facture from '#models/facture'
import NoteCredit from '#models/note_credit'
import Paiement from '#models/paiement'
import { makeUser, withTransaction } from '#tests/helpers'
import { issued, ncDraft } from '#tests/functional/notes_credit/helpers'

test.group('Notes de crédit / HTTP', (group) => {
  withTransaction(group)

  test('create from the facture, issue: NC numbered, facture annulée', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const form = await client
      .get(`/esi/compta/facture/${facture.id}/note-credit`)
      .loginAs(user)
      .withInertia()
    form.assertStatus(200)
    assert.equal(form.body().component, 'esi/compta/nc/Create')
    const created = await client
      .post(`/esi/compta/facture/${facture.id}/note-credit`)
      .loginAs(user)
      .header('referer', `/esi/compta/facture/${facture.id}/note-credit`)
      .json({ kind: 'total', motif: 'Intervention annulée' })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    created.assertStatus(302)
    const nc = await NoteCredit.query().where('facture_id', facture.id).firstOrFail()
    created.assertHeader('location', `/esi/compta/nc/${nc.id}`)
    const show = await client.get(`/esi/compta/nc/${nc.id}`).loginAs(user).withInertia()
    assert.equal(show.body().props.note.total_ttc, facture.totalTtc)
    const emis = await client
      .post(`/esi/compta/nc/${nc.id}/emettre`)
      .loginAs(user)
      .header('referer', `/esi/compta/nc/${nc.id}`)
      .form({ lock_version: nc.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    emis.assertStatus(302)
    await nc.refresh()
    assert.match(nc.numero!, /^NC-/)
    const reloaded1 = await Facture.findOrFail(facture.id)
    assert.equal(reloaded1.statut, 'annulee')
    const list = await client.get('/esi/compta/nc').loginAs(user).withInertia()
    assert.include(
      list.body().props.notes.data.map((n: { numero: string }) => n.numero),
      nc.numero!
    )
    // An issued note is never deleted
    const del = await client
      .delete(`/esi/compta/nc/${nc.id}`)
      .loginAs(user)
      .header('referer', `/esi/compta/nc/${nc.id}`)
      .form({ lock_version: nc.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(del.flashMessage('error'), 'jamais supprimée')
  })

  test('over-credit is refused with the amount still creditable', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const response = await client
      .post(`/esi/compta/facture/${facture.id}/note-credit`)
      .loginAs(user)
      .header('referer', `/esi/compta/facture/${facture.id}/note-credit`)
      .json({ kind: 'montant', motif: 'Remise', montants: [{ taux_tva: 21, montant: '150,01' }] })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(response.flashMessage('error'), 'ne peut plus être créditée que de 181,50')
    assert.lengthOf(await NoteCredit.query().where('facture_id', facture.id), 0)
  })

  test('the payment form: one payment per key, allocated; the list shows it', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const facture = await issued()
    const page = await client
      .get(`/esi/compta/paiements?client=${facture.clientId}`)
      .loginAs(user)
      .withInertia()
    page.assertStatus(200)
    assert.deepEqual(
      page.body().props.ouvertes.map((f: { id: number; reste: number }) => [f.id, f.reste]),
      [[facture.id, facture.totalTtc]]
    )
    const key = randomUUID()
    const send = () =>
      client
        .post('/esi/compta/paiements')
        .loginAs(user)
        .header('referer', '/esi/compta/paiements')
        .json({
          client_id: facture.clientId,
          date: '2026-11-20',
          montant: '200,00',
          mode: 'virement',
          reference: 'Extrait 42',
          idempotency_key: key,
          allocations: [{ facture_id: facture.id, montant: '181,50' }],
        })
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    const first = await send()
    assert.equal(first.flashMessage('success'), 'Paiement enregistré.')
    const second = await send()
    assert.equal(second.flashMessage('success'), 'Ce paiement était déjà enregistré.')
    const rows = await Paiement.query().where('client_id', facture.clientId)
    assert.lengthOf(rows, 1)
    assert.equal(rows[0].montant, 20000)
    const reloaded2 = await Facture.findOrFail(facture.id)
    assert.equal(reloaded2.statut, 'payee')
    const list = await client.get('/esi/compta/paiements').loginAs(user).withInertia()
    const row = list.body().props.paiements.data.find((p: { id: number }) => p.id === rows[0].id)
    assert.equal(row.alloue, 18150)
    assert.deepEqual(row.factures, [facture.numero])
  })

  test('rights: esi only; pro and other 403; unknown 404', async ({ client }) => {
    const facture = await issued()
    const nc = await ncDraft(facture, { kind: 'total' })
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const url of [
        '/esi/compta/nc',
        `/esi/compta/nc/${nc.id}`,
        `/esi/compta/facture/${facture.id}/note-credit`,
        '/esi/compta/paiements',
      ]) {
        const r = await client.get(url).loginAs(user).redirects(0)
        r.assertStatus(403)
      }
    }
    const esi = await makeUser('esi')
    const response3 = await client.get('/esi/compta/nc/999999').loginAs(esi)
    response3.assertStatus(404)
    const response4 = await client.get('/esi/compta/nc/abc').loginAs(esi)
    response4.assertStatus(404)
    const response5 = await client.get('/esi/compta/facture/999999/note-credit').loginAs(esi)
    response5.assertStatus(404)
  })
})
