/*
 * « Envoyer via Peppol » (decision 279): with the `directory` adapter into a temporary folder
 * (the very file « UBL » downloads, written once; a second send refused in French), with the
 * `http` adapter against a small HTTP server started here (its answer's id recorded; a 500 →
 * French error, nothing recorded as sent), none configured (no button, a French 409), rights.
 */
import { test } from '@japa/runner'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { issued, issuedProfessional, libreDraft } from '#tests/functional/factures/helpers'
import { usePeppolSettings } from '#services/compta/peppol/adapter'

type Received = { body: string; authorization?: string; contentType?: string }

/** A stand-in access point answering `status` with `body`; what it received is kept. */
async function accessPoint(status: number, body: string) {
  const received: Received[] = []
  const server: Server = createServer((req: IncomingMessage, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      received.push({
        body: Buffer.concat(chunks).toString('utf8'),
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
      })
      res.writeHead(status, { 'content-type': 'application/json' })
      res.end(body)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}/documents`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

async function envois(factureId: number) {
  return db.from('peppol_envois').where('facture_id', factureId).orderBy('id')
}

test.group('Factures / Peppol access point', (group) => {
  withTransaction(group)
  let folder = ''
  group.each.setup(async () => {
    folder = await mkdtemp(path.join(tmpdir(), 'peppol-'))
    return async () => {
      usePeppolSettings(null)
      await rm(folder, { recursive: true, force: true })
    }
  })

  test('directory: the downloaded UBL written once, the second send refused', async ({
    client,
    assert,
  }) => {
    usePeppolSettings({ adapter: 'directory', directory: folder })
    const user = await makeUser('esi', { name: 'Sophie Lambert' })
    const facture = await issuedProfessional()
    const url = `/esi/compta/facture/${facture.id}`

    const page = await client.get(url).loginAs(user).withInertia()
    assert.deepEqual(page.body().props.peppol, { disponible: true, envoi: null })

    const sent = await client
      .post(`${url}/peppol`)
      .loginAs(user)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    sent.assertStatus(302)
    assert.include(sent.flashMessage('success'), `Facture ${facture.numero} envoyée via Peppol`)
    assert.deepEqual(await readdir(folder), [`${facture.numero}.xml`])
    const written = await readFile(path.join(folder, `${facture.numero}.xml`), 'utf8')
    const download = await client.get(`${url}/ubl`).loginAs(user)
    assert.equal(written, download.text())

    const [row] = await envois(facture.id)
    assert.equal(row.statut, 'envoye')
    assert.equal(row.adapter, 'directory')
    assert.equal(row.message_id, `${facture.numero}.xml`)
    assert.equal(row.envoye_par, user.id)
    const after = await client.get(url).loginAs(user).withInertia()
    const { envoi, disponible } = after.body().props.peppol
    assert.isTrue(disponible)
    assert.equal(envoi.envoye_par, 'Sophie Lambert')
    assert.equal(envoi.message_id, `${facture.numero}.xml`)

    const again = await client
      .post(`${url}/peppol`)
      .loginAs(user)
      .header('referer', url)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(
      String(again.flashMessage('error')),
      `La facture ${facture.numero} a déjà été envoyée via Peppol le`
    )
    assert.lengthOf(await envois(facture.id), 1)
    assert.deepEqual(await readdir(folder), [`${facture.numero}.xml`])
  })

  test('http: POSTed with the bearer, its id recorded; a 500 recorded as a failure', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const ok = await accessPoint(201, JSON.stringify({ id: 'AP-2026-0042' }))
    const broken = await accessPoint(500, '{"error":"boom"}')
    try {
      usePeppolSettings({ adapter: 'http', url: ok.url, token: 's3cret', timeoutMs: 5_000 })
      const facture = await issuedProfessional()
      const sent = await client
        .post(`/esi/compta/facture/${facture.id}/peppol`)
        .loginAs(user)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
      assert.include(sent.flashMessage('success'), 'référence AP-2026-0042')
      assert.lengthOf(ok.received, 1)
      assert.equal(ok.received[0].authorization, 'Bearer s3cret')
      assert.include(ok.received[0].contentType, 'application/xml')
      const download = await client.get(`/esi/compta/facture/${facture.id}/ubl`).loginAs(user)
      assert.equal(ok.received[0].body, download.text())
      const [row] = await envois(facture.id)
      assert.equal(row.statut, 'envoye')
      assert.equal(row.message_id, 'AP-2026-0042')

      usePeppolSettings({ adapter: 'http', url: broken.url, token: null, timeoutMs: 5_000 })
      const other = await issuedProfessional()
      const url = `/esi/compta/facture/${other.id}`
      const refused = await client
        .post(`${url}/peppol`)
        .loginAs(user)
        .header('referer', url)
        .withCsrfToken()
        .withInertia()
        .redirects(0)
      assert.include(
        String(refused.flashMessage('error')),
        'Le point d’accès Peppol a refusé l’envoi (erreur HTTP 500)'
      )
      assert.lengthOf(broken.received, 1)
      const rows = await envois(other.id)
      assert.deepEqual(
        rows.map((r) => r.statut),
        ['echec']
      )
      assert.include(rows[0].erreur, 'erreur HTTP 500')
      const page = await client.get(url).loginAs(user).withInertia()
      assert.deepEqual(page.body().props.peppol, { disponible: true, envoi: null })
    } finally {
      await ok.close()
      await broken.close()
    }
  })

  test('none configured: no button, the route answers a French 409', async ({ client, assert }) => {
    usePeppolSettings({ adapter: 'none' })
    const user = await makeUser('esi')
    const facture = await issuedProfessional()
    const url = `/esi/compta/facture/${facture.id}`
    const page = await client.get(url).loginAs(user).withInertia()
    assert.isFalse(page.body().props.peppol.disponible)

    // Asked as JSON: the status and its message; from the page: the message flashed back
    const refused = await client.post(`${url}/peppol`).loginAs(user).withCsrfToken().accept('json')
    refused.assertStatus(409)
    assert.include(refused.body().message, 'Aucun point d’accès Peppol n’est configuré')
    const fromPage = await client
      .post(`${url}/peppol`)
      .loginAs(user)
      .header('referer', url)
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    fromPage.assertStatus(302)
    assert.include(String(fromPage.flashMessage('error')), 'Aucun point d’accès Peppol')
    assert.lengthOf(await envois(facture.id), 0)
  })

  test('a consumer has no button; rights: pro 403, unknown 404, guest to login', async ({
    client,
    assert,
  }) => {
    usePeppolSettings({ adapter: 'directory', directory: folder })
    const esi = await makeUser('esi')
    const consumer = await issued(await libreDraft())
    const page = await client.get(`/esi/compta/facture/${consumer.id}`).loginAs(esi).withInertia()
    assert.isFalse(page.body().props.peppol.disponible)

    const facture = await issuedProfessional()
    const pro = await makeUser('pro')
    const forbidden = await client
      .post(`/esi/compta/facture/${facture.id}/peppol`)
      .loginAs(pro)
      .withCsrfToken()
    forbidden.assertStatus(403)
    const unknown = await client
      .post('/esi/compta/facture/99999999/peppol')
      .loginAs(esi)
      .withCsrfToken()
    unknown.assertStatus(404)
    const guest = await client
      .post(`/esi/compta/facture/${facture.id}/peppol`)
      .withCsrfToken()
      .redirects(0)
    guest.assertStatus(302)
    assert.include(guest.header('location'), '/login')
    assert.lengthOf(await envois(facture.id), 0)
    assert.deepEqual(await readdir(folder), [])
  })
})
