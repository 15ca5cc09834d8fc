/*
 * The customer's link to an issued facture (decision 234): the signed page shows the lines,
 * totals, due date, what was paid and, while something is due, the transfer details and the
 * EPC QR code; paid, « Payée » and no bank details; an expired, tampered, unknown or other-
 * purpose link, or one to a draft, is the same 403 page naming nothing. The mail carries it.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import Facture from '#models/facture'
import { appUrl } from '#config/app'
import { makeUser, withTransaction } from '#tests/helpers'
import { issued, libreDraft } from '#tests/functional/factures/helpers'
import { FACTURE_LINK_PURPOSE, factureLinkUrl } from '#services/factures/facture_link'
import { INVALID_FACTURE_LINK } from '#controllers/public/facture_controller'

const pathOf = (url: string) => {
  const u = new URL(url)
  return u.pathname + u.search
}

test.group('Factures / the customer’s link', (group) => {
  withTransaction(group)

  test('an open facture: lines, totals, due date, IBAN, communication and QR code', async ({
    client,
    assert,
  }) => {
    const made = await issued()
    const facture = await Facture.findOrFail(made.id)
    const response = await client.get(pathOf(factureLinkUrl(facture))).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Public/Facture')
    assert.equal(response.header('x-robots-tag'), 'noindex, nofollow')
    const props = response.body().props.facture
    assert.equal(props.numero, facture.numero)
    assert.equal(props.total_ttc, facture.totalTtc)
    assert.equal(props.reste, facture.totalTtc)
    assert.equal(props.echeance, facture.echeance!.toISODate())
    assert.deepEqual(
      props.lignes.map((l: { designation: string }) => l.designation),
      ['Réglage de la porte d’entrée', 'Remplacement d’une poignée']
    )
    assert.equal(props.paiement.statut, 'envoyee')
    assert.equal(props.paiement.communication, facture.communication)
    assert.isNotEmpty(props.paiement.iban)
    assert.match(props.paiement.qr_data_url, /^data:image\/png;base64,/)

    // Staff see the same link on the facture's page
    const user = await makeUser('esi')
    const page = await client.get(`/esi/compta/facture/${facture.id}`).loginAs(user).withInertia()
    assert.include(page.body().props.lien, `/facture/${facture.publicId}?signature=`)
  })

  test('paid: « Payée », no bank details nor QR code', async ({ client, assert }) => {
    const facture = await issued()
    await Facture.query()
      .where('id', facture.id)
      .update({ montant_paye: facture.totalTtc, statut: 'payee' })
    const fresh = await Facture.findOrFail(facture.id)
    const response = await client.get(pathOf(factureLinkUrl(fresh))).withInertia()
    response.assertStatus(200)
    const props = response.body().props.facture
    assert.equal(props.statut, 'payee')
    assert.equal(props.reste, 0)
    assert.equal(props.paiement.statut, 'payee')
    assert.equal(props.paiement.iban, '')
    assert.isNull(props.paiement.qr_data_url)
    assert.notInclude(JSON.stringify(props), 'BE68')
  })

  test('expired, tampered, unknown, other purpose, a draft: the same 403 page', async ({
    client,
    assert,
  }) => {
    const made = await issued()
    const facture = await Facture.findOrFail(made.id)
    const refused = async (url: string, label: string) => {
      const response = await client.get(url).withInertia()
      assert.equal(response.status(), 403, label)
      response.assertInertiaComponent('Public/Facture')
      const props = response.body().props
      assert.isNull(props.facture, label)
      assert.isNull(props.societe, label)
      assert.equal(props.message, INVALID_FACTURE_LINK)
      assert.notInclude(JSON.stringify(props), facture.numero!)
    }
    const good = pathOf(factureLinkUrl(facture))
    await refused(pathOf(factureLinkUrl(facture, DateTime.now().minus({ minutes: 1 }))), 'expired')
    const signature = new URL(good, appUrl).searchParams.get('signature')!
    const flipped = signature.slice(0, -3) + (signature.endsWith('AAA') ? 'BBB' : 'AAA')
    await refused(`/facture/${facture.publicId}?signature=${flipped}`, 'tampered signature')
    await refused(`/facture/${randomUUID()}?signature=${signature}`, 'other id, same signature')
    await refused(`/facture/${facture.publicId}`, 'no signature')
    const unknown = signedUrlFor(
      'signed.facture.show',
      { publicId: randomUUID() },
      { expiresIn: '1 hour', purpose: FACTURE_LINK_PURPOSE, prefixUrl: appUrl }
    )
    await refused(pathOf(unknown), 'unknown public id')
    const wrongPurpose = signedUrlFor(
      'signed.facture.show',
      { publicId: facture.publicId },
      { expiresIn: '1 hour', purpose: 'demande_paiement', prefixUrl: appUrl }
    )
    await refused(pathOf(wrongPurpose), 'wrong purpose')
    const madeDraft = await libreDraft()
    const draft = await Facture.findOrFail(madeDraft.id)
    const draftLink = signedUrlFor(
      'signed.facture.show',
      { publicId: draft.publicId },
      { expiresIn: '1 hour', purpose: FACTURE_LINK_PURPOSE, prefixUrl: appUrl }
    )
    await refused(pathOf(draftLink), 'a draft')
  })
})
