/*
 * Hostile uploads (issue 15 §3): an SVG with script (as .svg and renamed .png), double
 * extensions, path traversal names and a JPEG+HTML polyglot, sent to the société logo and to a
 * commande's work photos. Each is refused with nothing written (every table unchanged), or
 * stored under a server-chosen name, re-encoded, and served as an image that never renders
 * inline as HTML (nosniff, sandboxing CSP, attachment).
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import CommandeFichier from '#models/commande_fichier'
import Societe from '#models/societe'
import { makeUser, withTransaction } from '#tests/helpers'
import { societeOf } from '#tests/functional/societes/helpers'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { makeBdc } from '#tests/functional/bdc/helpers'
import { FILE_KINDS } from '#services/storage/files'
import { TINY_PNG } from '#services/logo_storage'
import {
  POLYGLOT_JPEG,
  PWNED,
  SVG_WITH_SCRIPT,
  TRAVERSAL_NAMES,
} from '#tests/fixtures/hostile/corpus'
import { changedTables, tableSnapshot } from '#tests/fixtures/hostile/snapshot'

const STORED_NAME = /^[a-f0-9]{32}\.(png|jpg|webp)$/

/** A real JPEG with an HTML page after its end: it decodes, and a sniffing browser would run it. */
async function decodablePolyglot(): Promise<Buffer> {
  const jpeg = await sharp({
    create: { width: 40, height: 30, channels: 3, background: '#3a6' },
  })
    .jpeg()
    .toBuffer()
  return Buffer.concat([jpeg, Buffer.from(`<html><script>${PWNED}</script></html>`)])
}

function assertServedAsImage(assert: any, served: any) {
  served.assertStatus(200)
  assert.match(served.header('content-type'), /^image\/(png|jpeg|webp)$/)
  served.assertHeader('x-content-type-options', 'nosniff')
  assert.include(served.header('content-security-policy'), 'sandbox')
  assert.match(served.header('content-disposition'), /^attachment;/)
  assert.notInclude(Buffer.from(served.body()).toString('latin1'), '<script')
}

test.group('Security / hostile uploads', (group) => {
  withTransaction(group)
  group.teardown(async () => {
    await drive.use().deleteAll(FILE_KINDS.logo.folder)
    await drive.use().deleteAll(FILE_KINDS.photo.folder)
    await drive.use().deleteAll(FILE_KINDS.vignette.folder)
  })

  test('société logo: SVG, renamed SVG, double extension and garbage polyglot refused, nothing written; traversal names get a server name', async ({
    client,
    assert,
  }) => {
    const pro = await makeUser('pro')
    const societe = await societeOf(pro, 'pro')
    const send = (bytes: Buffer, filename: string) =>
      client
        .post(`/app/company/${societe.id}/logo`)
        .loginAs(pro)
        .header('referer', `/app/company/${societe.id}/edit`)
        .file('logo', bytes, { filename })
        .withCsrfToken()
        .redirects(0)

    for (const [bytes, name] of [
      [SVG_WITH_SCRIPT, 'logo.svg'],
      [SVG_WITH_SCRIPT, 'logo.png'],
      [TINY_PNG, 'logo.png.html'],
      [TINY_PNG, 'logo.svg'],
      [POLYGLOT_JPEG, 'logo.jpg'],
    ] as const) {
      const before = await tableSnapshot()
      const response = await send(bytes, name)
      response.assertStatus(302)
      assert.exists(response.flashMessage('inputErrorsBag')?.logo, name)
      assert.deepEqual(changedTables(before, await tableSnapshot()), [], name)
    }

    for (const name of TRAVERSAL_NAMES.filter((n) => !n.endsWith('.jpg')).map((n) => `${n}.png`)) {
      const response = await send(TINY_PNG, name)
      response.assertStatus(302)
      assert.notExists(response.flashMessage('inputErrorsBag'), name)
      const stored = await Societe.findOrFail(societe.id)
      assert.match(String(stored.logoPath), STORED_NAME, name)
    }
    assertServedAsImage(assert, await client.get(`/app/company/${societe.id}/logo`).loginAs(pro))
  })

  test('work photos: a decodable JPEG+HTML polyglot is re-encoded and served as an image; traversal names keep only a clean base name', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const { commande } = await signedBdc()
    const polyglot = await decodablePolyglot()
    for (const name of TRAVERSAL_NAMES) {
      const response = await client
        .post(`/esi/commandes/${commande.id}/fichiers`)
        .loginAs(esi)
        .header('referer', `/esi/commandes/${commande.id}`)
        .file('fichier', polyglot, { filename: name.endsWith('.jpg') ? name : `${name}.jpg` })
        .withCsrfToken()
        .redirects(0)
      response.assertStatus(302)
    }
    const rows = await CommandeFichier.query().where('commandeId', commande.id)
    for (const row of rows) {
      assert.notMatch(row.nomOriginal ?? '', /[\\/<>]/)
      assert.notInclude(row.nomOriginal ?? '', String.fromCharCode(0))
      const served = await client
        .get(`/esi/commandes/${commande.id}/fichiers/${row.id}`)
        .loginAs(esi)
      assertServedAsImage(assert, served)
    }
    // Every one was a readable photo: stored (re-encoded), none lost to its name
    assert.lengthOf(rows, TRAVERSAL_NAMES.length)
  })

  test('a bdc signed with a polyglot scan: stored under a server name, its PDF still renders', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const bdc = await makeBdc()
    const response = await client
      .post(`/esi/bdc/${bdc.id}/signature`)
      .loginAs(esi)
      .header('referer', `/esi/bdc/${bdc.id}`)
      .field('mode', 'scan')
      .field('signataire', 'Anne Lambert')
      .field('lieu', 'etablissement')
      .field('renonciation', '0')
      .field('lock_version', String(bdc.lockVersion))
      .file('fichier', POLYGLOT_JPEG, { filename: '../../scan.jpg' })
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    await bdc.refresh()
    if (bdc.signaturePath) assert.match(bdc.signaturePath, /^[a-f0-9]{32}\.jpg$/)
    const pdf = await client.get(`/esi/bdc/${bdc.id}/pdf`).loginAs(esi)
    pdf.assertStatus(200)
    assert.equal(pdf.header('content-type'), 'application/pdf')
  })
})
