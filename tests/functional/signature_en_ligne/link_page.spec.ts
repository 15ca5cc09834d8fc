/*
 * Issue 14 §1 — the customer's page of a devis, over HTTP against the real database: the page
 * behind the signed link (no account; a tampered, expired or unknown link shows a neutral page
 * and no data), the link's expiry, the PDF by the public id, the e-mail's link. The answers
 * (accept, refuse): answers.spec.ts; two acceptances at once: concurrency.spec.ts.
 */
import { test } from '@japa/runner'
import { randomUUID } from 'node:crypto'
import { DateTime } from 'luxon'
import { signedUrlFor } from '@adonisjs/core/services/url_builder'
import { appUrl } from '#config/app'
import Bdc from '#models/bdc'
import Devis from '#models/devis'
import { makeUser, withTransaction } from '#tests/helpers'
import { lastMailTo } from '#tests/auth_helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { insertDevis } from '#tests/functional/document_helpers'
import {
  OPTION_TICKED,
  OPTION_UNTICKED,
  acceptForm,
  lignesAvecOptions,
  linkPath,
  sentDevis,
  uniqueEmail,
} from '#tests/functional/signature_en_ligne/helpers'
import {
  DEVIS_ANSWER_LIMIT,
  INVALID_DEVIS_LINK,
  TOO_MANY_DEVIS_REQUESTS,
} from '#controllers/public/devis_signature_controller'
import { DEVIS_LINK_PURPOSE } from '#services/signature_en_ligne/devis_link'
import { systemActor } from '#services/actor'
import { changeStatutAndNotify } from '#services/devis/devis_send'
import { TIME_ZONE } from '#shared/app'

test.group('Signature en ligne / the page and its link', (group) => {
  withTransaction(group)

  test('a valid link: the devis, its options and answers, no account, noindex', async ({
    client,
    assert,
  }) => {
    const devis = await sentDevis()
    const response = await client.get(linkPath(devis)).withInertia()
    response.assertStatus(200)
    response.assertInertiaComponent('Public/DevisSignature')
    assert.include(response.header('x-robots-tag'), 'noindex')
    assert.equal(response.header('referrer-policy'), 'same-origin')
    const page = response.body().props.page
    assert.equal(page.etat, 'a_signer')
    assert.equal(page.document.numero, devis.numero)
    assert.equal(page.document.total_ttc, devis.totalTtc)
    assert.deepEqual(
      page.options.map((o: any) => [o.index, o.retenue]),
      [
        [OPTION_TICKED, true],
        [OPTION_UNTICKED, false],
      ]
    )
    assert.lengthOf(page.versions, 1)
    // The forms post to the link's own signed paths; never the serial id
    assert.include(page.urls.accepter, `/devis/${devis.publicId}/1/accepter?signature=`)
    assert.notInclude(JSON.stringify(page.urls), `/devis/${devis.id}/`)
    assert.isUndefined(response.body().props.user?.id)
  })

  test('tampered, expired, unknown or wrong-purpose links: a neutral 403 page, no data', async ({
    client,
    assert,
  }) => {
    const devis = await sentDevis()
    const good = linkPath(devis)
    const refused = async (url: string, label: string) => {
      const response = await client.get(url).withInertia()
      assert.equal(response.status(), 403, label)
      response.assertInertiaComponent('Public/DevisSignature')
      const props = response.body().props
      assert.isNull(props.page, label)
      assert.equal(props.message, INVALID_DEVIS_LINK)
      const text = JSON.stringify(props)
      assert.notInclude(text, devis.numero!, label)
      assert.notInclude(text, 'Lambert', label)
    }
    await refused(
      linkPath(devis, 'signed.devis.show', { expiresAt: DateTime.now().minus({ minutes: 1 }) }),
      'expired'
    )
    const signature = new URL(good, appUrl).searchParams.get('signature')!
    const flipped = signature.slice(0, -3) + (signature.endsWith('AAA') ? 'BBB' : 'AAA')
    await refused(`/devis/${devis.publicId}/1?signature=${flipped}`, 'tampered signature')
    await refused(`/devis/${randomUUID()}/1?signature=${signature}`, 'other id, same signature')
    await refused(`/devis/${devis.publicId}/2?signature=${signature}`, 'other version')
    await refused(`/devis/${devis.publicId}/1`, 'no signature')
    const unknown = signedUrlFor(
      'signed.devis.show',
      { publicId: randomUUID(), version: 1 },
      { expiresIn: '1 hour', purpose: DEVIS_LINK_PURPOSE }
    )
    await refused(unknown, 'unknown public id')
    const wrongPurpose = signedUrlFor(
      'signed.devis.show',
      { publicId: devis.publicId, version: 1 },
      { expiresIn: '1 hour', purpose: 'demande_paiement' }
    )
    await refused(wrongPurpose, 'wrong purpose')
    // The PDF and the answers behind a bad link: refused too, nothing made
    const pdf = await client.get(`/devis/${devis.publicId}/1/pdf?signature=${flipped}`)
    assert.equal(pdf.status(), 403)
    assert.notInclude(pdf.header('content-type') ?? '', 'pdf')
    const accept = await client
      .post(`/devis/${devis.publicId}/1/accepter?signature=${flipped}`)
      .json(acceptForm(devis))
      .withCsrfToken()
      .withInertia()
    assert.equal(accept.status(), 403)
    assert.lengthOf(await Bdc.query().where('devis_id', devis.id), 0)
  })

  test('the link expires at the end of the devis’s last valid day (Brussels)', async ({
    client,
    assert,
  }) => {
    const yesterday = DateTime.now().setZone(TIME_ZONE).minus({ days: 1 })
    const devis = await sentDevis({ valableJusquAu: yesterday })
    const response = await client.get(linkPath(devis)).withInertia()
    assert.equal(response.status(), 403)
    assert.isNull(response.body().props.page)
  })

  test('the PDF of the current version, by the public id', async ({ client, assert }) => {
    const devis = await sentDevis()
    const response = await client.get(linkPath(devis, 'signed.devis.pdf'))
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'application/pdf')
    assert.include(response.header('content-disposition'), `${devis.numero}.pdf`)
  })

  test('the e-mail of a sent devis carries the signed link', async ({ assert }) => {
    const email = uniqueEmail()
    const user = await makeUser('esi')
    const c = await ClientFactory.merge({ email }).create()
    const { devis } = await insertDevis(
      { clientId: c.idClient, clientNom: c.nom, commercialId: user.id },
      lignesAvecOptions()
    )
    await changeStatutAndNotify(
      systemActor(user),
      { devisId: devis.id, to: 'envoye', lockVersion: devis.lockVersion },
      user
    )
    const mail = await lastMailTo(email)
    assert.exists(mail)
    const sent = await Devis.findOrFail(devis.id)
    assert.include(mail!.text ?? '', `/devis/${sent.publicId}/1?signature=`)
  })

  test('answers are throttled per link: the 11th in a minute gets the neutral 429 page', async ({
    client,
    assert,
  }) => {
    const devis = await sentDevis()
    const send = () =>
      client
        .post(linkPath(devis, 'signed.devis.refuser'))
        .header('referer', linkPath(devis))
        .json({ motif: '', lock_version: devis.lockVersion })
        .withCsrfToken()
        .withInertia()
        .redirects(0)
    for (let i = 0; i < DEVIS_ANSWER_LIMIT.requests; i++) {
      const r = await send()
      assert.equal(r.status(), 302, `answer ${i + 1}`)
    }
    const blocked = await send()
    assert.equal(blocked.status(), 429)
    assert.isNull(blocked.body().props.page)
    assert.equal(blocked.body().props.message, TOO_MANY_DEVIS_REQUESTS)
    assert.exists(blocked.header('retry-after'))
  })
})
