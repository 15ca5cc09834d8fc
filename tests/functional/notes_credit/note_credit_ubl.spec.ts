/*
 * « UBL » of an issued note de crédit (issue 11 §5): a Peppol CreditNote for a Belgian
 * professional client that passes every rule, the facture as its billing reference and the PDF
 * embedded; refused (422) for a consumer and for a draft; esi only.
 */
import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import Facture from '#models/facture'
import { ClientFactory } from '#database/factories/client_factory'
import { makeUser, withTransaction } from '#tests/helpers'
import { produit } from '#tests/functional/document_helpers'
import { demoCompany, issued } from '#tests/functional/factures/helpers'
import { ncDraft, ncIssued } from '#tests/functional/notes_credit/helpers'
import { systemActor } from '#services/actor'
import { createFactureLibre } from '#services/factures/facture_service'
import { checkPeppolRules } from '#services/compta/ubl/rules'
import type Client from '#models/client'

async function issuedFor(client: Client) {
  const draft = await createFactureLibre(systemActor(), {
    clientId: client.idClient,
    objet: 'Remplacement du vitrage de la véranda',
    lignes: [
      produit('Double vitrage feuilleté 33.2', 48_500, 21, '3'),
      produit('Pose et mise en œuvre', 6_500, 6, '4,5'),
    ],
    remiseGlobalePct: '0',
    userId: null,
  })
  return issued(await Facture.findOrFail(draft.id))
}

const email = () => `nc-${randomBytes(6).toString('hex')}@example.com`

test.group('Notes de crédit / Peppol UBL', (group) => {
  withTransaction(group)

  test('a professional client: a CreditNote that passes every rule, the facture as reference', async ({
    client,
    assert,
  }) => {
    await demoCompany()
    const user = await makeUser('esi')
    const pro = await ClientFactory.apply('professionnel').merge({ email: email() }).create()
    const facture = await issuedFor(pro)
    const nc = await ncIssued(facture, { kind: 'total', motif: 'Châssis livré hors cote' })

    const page = await client.get(`/esi/compta/nc/${nc.id}`).withInertia().loginAs(user)
    page.assertStatus(200)
    assert.isTrue(page.body().props.ubl)

    const response = await client.get(`/esi/compta/nc/${nc.id}/ubl`).loginAs(user)
    response.assertStatus(200)
    assert.include(String(response.header('content-type')), 'application/xml')
    assert.include(String(response.header('content-disposition')), `${nc.numero}.xml`)
    const xml = response.text()
    assert.include(xml, '<CreditNote')
    assert.include(xml, `<cbc:ID>${nc.numero}</cbc:ID>`)
    assert.match(xml, new RegExp(`<cac:BillingReference>[\\s\\S]*${facture.numero}`))
    assert.include(xml, 'EmbeddedDocumentBinaryObject')
    assert.deepEqual(checkPeppolRules(xml), [])
  })

  test('a consumer and a draft are refused; pro and other get 403', async ({ client, assert }) => {
    await demoCompany()
    const user = await makeUser('esi')
    const consumer = await ClientFactory.merge({ email: email() }).create()
    const nc = await ncIssued(await issuedFor(consumer), { kind: 'total' })
    const refused = await client.get(`/esi/compta/nc/${nc.id}/ubl`).loginAs(user)
    refused.assertStatus(422)
    const page = await client.get(`/esi/compta/nc/${nc.id}`).withInertia().loginAs(user)
    assert.isFalse(page.body().props.ubl)

    const pro = await ClientFactory.apply('professionnel').merge({ email: email() }).create()
    const draft = await ncDraft(await issuedFor(pro), { kind: 'total' })
    const draftRefused = await client.get(`/esi/compta/nc/${draft.id}/ubl`).loginAs(user)
    draftRefused.assertStatus(422)

    for (const role of ['pro', 'other'] as const) {
      const other = await client.get(`/esi/compta/nc/${nc.id}/ubl`).loginAs(await makeUser(role))
      other.assertStatus(403)
    }
  })
})
