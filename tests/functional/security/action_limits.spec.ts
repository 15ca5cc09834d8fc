/*
 * Limits on what costs or speaks for the company (issue 10 §3): 10 mails per document and 50
 * per user an hour, 30 PDFs and 10 CSV exports per user a minute; refused with a French
 * message (toast on pages, 429 JSON for API callers), nothing sent. Issue 15 §3: 10 imports
 * (bank statement, catalogue CSV) per user a minute, every PDF route counted (an offre's
 * earlier version too), and the customer's PDFs behind signed links 30 a minute per address.
 */
import { test } from '@japa/runner'
import { readFile } from 'node:fs/promises'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { send } from '#tests/functional/societes/helpers'
import { mailsTo } from '#tests/auth_helpers'
import { json, makeOffre, proWithContact } from '#tests/functional/offres/helpers'
import { ACTION_LIMITS, limitAction, limitPublicPdf, PUBLIC_PDF_LIMIT } from '#services/throttle'
import { DOMAIN_PARAMS } from '#tests/functional/routes/params/index'
import { changedTables, tableSnapshot } from '#tests/fixtures/hostile/snapshot'

const MAILS = /^Trop d’e-mails envoyés en peu de temps\. Veuillez réessayer dans \d+ minutes\.$/
const IMPORTS = /^Trop d’imports en peu de temps\. Veuillez réessayer dans \d+ secondes?\.$/
const unique = () => `limite.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.be`

test.group('Security / limits on mails, PDFs and exports', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('the 11th email of one offre in an hour is refused in French, no mail kept', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact({ email: unique() })
    const offre = await makeOffre(societe, contact, { auteur: pro })
    for (let i = 1; i <= ACTION_LIMITS.mailPerDocument.requests; i++) {
      await offre.refresh()
      const response = await send(
        client,
        'post',
        `/app/offres/${offre.id}/envoyer`,
        pro,
        { lock_version: offre.lockVersion },
        '/app/offres'
      )
      assert.exists(response.flashMessage('success'), `mail ${i}`)
    }
    assert.equal(await mailsTo(contact.email!), 10)

    await offre.refresh()
    const eleventh = await send(
      client,
      'post',
      `/app/offres/${offre.id}/envoyer`,
      pro,
      { lock_version: offre.lockVersion },
      `/app/offres/${offre.id}/preview`
    )
    eleventh.assertStatus(302)
    eleventh.assertHeader('location', `/app/offres/${offre.id}/preview`)
    assert.match(String(eleventh.flashMessage('error')), MAILS)

    const api = await json(client, 'post', `/app/offres/${offre.id}/envoyer`, pro, {
      lock_version: offre.lockVersion,
    })
    api.assertStatus(429)
    assert.match(api.body().message, MAILS)
    assert.isAbove(Number(api.header('retry-after')), 0)
    assert.equal(await mailsTo(contact.email!), 10)
  })

  test('the 31st PDF of a user in a minute is refused', async ({ client, assert }) => {
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { auteur: pro })
    const first = await client.get(`/app/offres/${offre.id}/pdf`).loginAs(pro)
    first.assertStatus(200)
    for (let i = 1; i < ACTION_LIMITS.pdfPerUser.requests; i++) await limitAction(pro.id, 'pdf')
    const refused = await json(client, 'get', `/app/offres/${offre.id}/pdf`, pro)
    refused.assertStatus(429)
    assert.match(refused.body().message, /^Trop de PDF générés en peu de temps\./)
    // Another user is not held
    const other = await proWithContact()
    const theirs = await makeOffre(other.societe, other.contact, { auteur: other.pro })
    const response = await client.get(`/app/offres/${theirs.id}/pdf`).loginAs(other.pro)
    response.assertStatus(200)
  })

  test('the 11th CSV export of a user in a minute goes back with the message', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    for (let i = 1; i <= ACTION_LIMITS.exportPerUser.requests; i++) {
      const response = await client.get('/esi/customers/export').loginAs(esi)
      response.assertStatus(200)
    }
    const refused = await client
      .get('/esi/produits/export')
      .header('referer', '/esi/produits')
      .loginAs(esi)
      .redirects(0)
    refused.assertStatus(302)
    refused.assertHeader('location', '/esi/produits')
    assert.match(String(refused.flashMessage('error')), /^Trop d’exports en peu de temps\./)
  })

  test('the 11th import of a user in a minute is refused: catalogue CSV (429 JSON) and bank statement (toast), nothing written', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    for (let i = 0; i < ACTION_LIMITS.importPerUser.requests; i++)
      await limitAction(esi.id, 'import')
    const before = await tableSnapshot()
    const catalogue = await client
      .post('/esi/produits/import')
      .loginAs(esi)
      .header('accept', 'application/json')
      .file('fichier', Buffer.from('reference;designation\r\nX1;Test\r\n'), {
        filename: 'catalogue.csv',
      })
      .withCsrfToken()
    catalogue.assertStatus(429)
    assert.match(catalogue.body().message, IMPORTS)
    const releve = await client
      .post('/esi/compta/paiements/import')
      .loginAs(esi)
      .header('referer', '/esi/compta/paiements/import')
      .file('fichier', await readFile('tests/fixtures/bank/kbc_2025-03-15.cod'), {
        filename: 'kbc.cod',
      })
      .withCsrfToken()
      .redirects(0)
    releve.assertStatus(302)
    releve.assertHeader('location', '/esi/compta/paiements/import')
    assert.match(String(releve.flashMessage('error')), IMPORTS)
    assert.deepEqual(changedTables(before, await tableSnapshot()), [])
  })

  test('an offre’s earlier version counts as a PDF too', async ({ client, assert }) => {
    const route = {
      name: 'partner.offres.revision_pdf',
      pattern: '/app/offres/:id/versions/:revision/pdf',
    }
    const { pro, societe, contact } = await proWithContact()
    await makeOffre(societe, contact, { auteur: pro })
    const provider = DOMAIN_PARAMS.find((p) => p.matches(route))!
    const params = await provider.params(route, pro)
    const url = `/app/offres/${params.id}/versions/${params.revision}/pdf`
    const first = await client.get(url).loginAs(pro)
    first.assertStatus(200)
    for (let i = 1; i < ACTION_LIMITS.pdfPerUser.requests; i++) await limitAction(pro.id, 'pdf')
    const refused = await json(client, 'get', url, pro)
    refused.assertStatus(429)
    assert.match(refused.body().message, /^Trop de PDF générés en peu de temps\./)
  })

  for (const name of ['signed.facture.pdf', 'signed.devis.pdf']) {
    test(`the customer’s PDF behind a signed link: 30 a minute per address (${name})`, async ({
      client,
      assert,
    }) => {
      const route = { name, pattern: '' }
      const provider = DOMAIN_PARAMS.find((p) => p.url && p.matches(route))!
      const url = await provider.url!(route, null)
      const first = await client.get(url)
      first.assertStatus(200)
      assert.equal(first.header('content-type'), 'application/pdf')
      for (let i = 1; i < PUBLIC_PDF_LIMIT.requests; i++) await limitPublicPdf('127.0.0.1')
      const refused = await client.get(url)
      refused.assertStatus(429)
      assert.match(
        refused.text(),
        /^Trop de PDF demandés en peu de temps depuis votre connexion\. Veuillez réessayer dans \d+ secondes?\.$/
      )
      assert.isAbove(Number(refused.header('retry-after')), 0)
    })
  }
})
