/*
 * « Envoyer par e-mail » and « UBL » of an issued facture (decision 233): the Texte
 * facture_envoi filled, the PDF attached and, for a professional client with an enterprise
 * number, the Peppol UBL — which passes every rule, a solde's deduction lines included; a file
 * that breaks a rule is refused with its ids and nothing is sent; a consumer gets the PDF only.
 */
import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import Client from '#models/client'
import Facture from '#models/facture'
import Texte from '#models/texte'
import { ClientFactory } from '#database/factories/client_factory'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo, mailsTo } from '#tests/auth_helpers'
import { produit } from '#tests/functional/document_helpers'
import { acompteDraft, demoCompany, issued } from '#tests/functional/factures/helpers'
import { systemActor } from '#services/actor'
import { createFactureLibre } from '#services/factures/facture_service'
import { createSolde } from '#services/factures/commande_factures'
import { factureUbl } from '#services/factures/facture_ubl'
import { checkPeppolRules } from '#services/compta/ubl/rules'
import Bdc from '#models/bdc'

const uniqueEmail = () => `client-${randomBytes(6).toString('hex')}@example.com`

async function issuedFor(client: Client) {
  const draft = await createFactureLibre(systemActor(), {
    clientId: client.idClient,
    objet: 'Remplacement du vitrage de la véranda',
    lignes: [
      produit('Double vitrage feuilleté 33.2', 48_500, 21, '3'),
      produit('Pose et mise en œuvre', 6_500, 6, '4,5', '10'),
    ],
    remiseGlobalePct: '2',
    userId: null,
  })
  return issued(await Facture.findOrFail(draft.id))
}

async function professional(email = uniqueEmail()) {
  return ClientFactory.apply('professionnel').merge({ nom: 'Peeters', email }).create()
}

test.group('Factures / mail and Peppol UBL', (group) => {
  withTransaction(group)

  test('a professional client: the Texte, the PDF and the UBL that passes every rule', async ({
    client,
    assert,
  }) => {
    await demoCompany()
    await Texte.create({
      code: 'facture_envoi',
      titre: 'Envoi de la facture',
      categorie: 'email_facture',
      contenu:
        'Bonjour {{client.nom}}, voici la facture {{facture.numero}} ({{facture.montant_ttc}}), à régler pour le {{facture.echeance}} avec {{facture.communication}}.',
      version: 1,
    })
    const user = await makeUser('esi')
    const email = uniqueEmail()
    const facture = await issuedFor(await professional(email))

    const page = await client.get(`/esi/compta/facture/${facture.id}`).loginAs(user).withInertia()
    assert.isTrue(page.body().props.ubl)

    const ubl = await client.get(`/esi/compta/facture/${facture.id}/ubl`).loginAs(user)
    ubl.assertStatus(200)
    assert.include(ubl.header('content-type'), 'application/xml')
    assert.include(ubl.header('content-disposition'), `${facture.numero}.xml`)
    assert.deepEqual(checkPeppolRules(ubl.text()), [])
    assert.include(ubl.text(), '<cbc:EndpointID schemeID="0208">0456789034</cbc:EndpointID>')
    assert.include(ubl.text(), `${facture.numero}.pdf`)

    const sent = await client
      .post(`/esi/compta/facture/${facture.id}/envoyer`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    sent.assertStatus(302)
    assert.include(sent.flashMessage('success'), `envoyée à ${email}`)
    const mail = await lastMailTo(email)
    assert.exists(mail, 'mail kept')
    assert.include(mail!.subject, facture.numero!)
    assert.include(mail!.text!, `voici la facture ${facture.numero}`)
    assert.include(mail!.text!, facture.communication!)
    assert.deepEqual(
      (mail!.attachments ?? []).map((a) => [a.filename, a.contentType]),
      [
        [`${facture.numero}.pdf`, 'application/pdf'],
        [`${facture.numero}.xml`, 'application/xml'],
      ]
    )
  })

  test('a consumer: the PDF only, no UBL', async ({ client, assert }) => {
    await demoCompany()
    const user = await makeUser('esi')
    const email = uniqueEmail()
    const consumer = await ClientFactory.merge({ nom: 'Lemaire', email }).create()
    const facture = await issuedFor(consumer)
    const ubl = await client.get(`/esi/compta/facture/${facture.id}/ubl`).loginAs(user)
    ubl.assertStatus(422)
    await client
      .post(`/esi/compta/facture/${facture.id}/envoyer`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const mail = await lastMailTo(email)
    assert.deepEqual(
      (mail!.attachments ?? []).map((a) => a.filename),
      [`${facture.numero}.pdf`]
    )
    // No Texte of category email_facture here: the fixed French text
    assert.include(mail!.text!, `Veuillez trouver ci-joint notre facture ${facture.numero}`)
    // The customer's signed link is in the text
    assert.include(mail!.text!, `/facture/${facture.publicId}?signature=`)
  })

  test('a UBL that breaks a rule is refused with its ids, and no mail leaves', async ({
    client,
    assert,
  }) => {
    const societe = await demoCompany()
    // An enterprise number whose check digits are wrong: PEPPOL-COMMON-R043 at least
    societe.numeroTva = 'BE0456789035'
    await societe.save()
    const user = await makeUser('esi')
    const email = uniqueEmail()
    const facture = await issuedFor(await professional(email))
    const refused = await client
      .post(`/esi/compta/facture/${facture.id}/envoyer`)
      .loginAs(user)
      .header('referer', `/esi/compta/facture/${facture.id}`)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    const message = String(refused.flashMessage('error'))
    assert.include(message, 'ne respecte pas les règles')
    assert.include(message, 'PEPPOL-COMMON-R043')
    assert.equal(await mailsTo(email), 0)
  })

  test('a solde with its deduction lines gives a UBL that passes every rule', async ({
    assert,
  }) => {
    await demoCompany()
    const { bdc, commande, facture } = await acompteDraft()
    await Client.query()
      .where('id_client', bdc.clientId)
      .update({ type: 'professionnel', numero_tva: 'BE0403170701', societe: 'Lambert SRL' })
    await issued(facture)
    const fresh = await Bdc.findOrFail(bdc.id)
    const solde = await createSolde(systemActor(), {
      commandeId: commande.id,
      lockVersion: fresh.lockVersion,
      userId: null,
    })
    const done = await issued(await Facture.findOrFail(solde.id))
    const { content } = await factureUbl(done.id)
    assert.deepEqual(checkPeppolRules(content), [])
    assert.include(content, '<cbc:InvoicedQuantity unitCode="C62">-1')
  })

  test('esi only: pro and other get 403', async ({ client }) => {
    await demoCompany()
    const facture = await issuedFor(await professional())
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const get = await client.get(`/esi/compta/facture/${facture.id}/ubl`).loginAs(user)
      get.assertStatus(403)
      const post = await client
        .post(`/esi/compta/facture/${facture.id}/envoyer`)
        .loginAs(user)
        .withCsrfToken()
        .redirects(0)
      post.assertStatus(403)
    }
  })
})
