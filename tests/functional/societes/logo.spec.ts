/*
 * Logo uploads (ASVS 5.2–5.4): extension AND content checked, 1 MB at most, stored under a
 * random name, served only to who may see the société, with nosniff, a server-chosen image type
 * and an attachment disposition.
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import Societe from '#models/societe'
import AuditLog from '#models/audit_log'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  expectStatus,
  fieldErrors,
  makeSociete,
  societeOf,
  withLogo,
} from '#tests/functional/societes/helpers'
import { LOGO_CONTENT_MISMATCH, storedLogo, TINY_PNG } from '#services/logo_storage'
import { FILE_KINDS, fileExists, listFiles } from '#services/storage/files'

// Real images: a logo is decoded and re-encoded, bytes that only start like one are refused
const pixel = () => sharp({ create: { width: 2, height: 2, channels: 3, background: '#246' } })
const JPEG = await pixel().jpeg().toBuffer()
const WEBP = await pixel().webp().toBuffer()
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>')
const HTML = Buffer.from('<!doctype html><script>alert(1)</script>')

function upload(client: any, user: any, societeId: number, bytes: Buffer, filename: string) {
  return client
    .post(`/app/company/${societeId}/logo`)
    .loginAs(user)
    .header('referer', `/app/company/${societeId}/edit`)
    .file('logo', bytes, { filename })
    .withCsrfToken()
    .redirects(0)
}

test.group('Sociétés / logo upload', (group) => {
  withTransaction(group)
  group.teardown(() => drive.use().deleteAll(FILE_KINDS.logo.folder))

  test('a PNG, a JPEG and a WebP are stored under a random name; the old file goes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const societe = await societeOf(user, 'pro')
    let previous: string | null = null
    for (const [bytes, name, ext] of [
      [TINY_PNG, 'Mon logo.PNG', 'png'],
      [JPEG, 'photo.jpeg', 'jpg'],
      [WEBP, 'logo.webp', 'webp'],
    ] as const) {
      const response = await upload(client, user, societe.id, bytes, name)
      response.assertStatus(302)
      assert.isEmpty(fieldErrors(response))
      await societe.refresh()
      assert.match(societe.logoPath!, new RegExp(`^[a-f0-9]{32}\\.${ext}$`))
      assert.isTrue(await fileExists(storedLogo(societe.logoPath)))
      if (previous) assert.isFalse(await fileExists(storedLogo(previous)), 'old logo removed')
      previous = societe.logoPath
    }
    const stored = await listFiles('logo')
    assert.notInclude(stored.join(','), 'Mon logo')
    assert.exists(
      await AuditLog.query()
        .where({ action: 'societe.logo_updated', subject_id: String(societe.id) })
        .first()
    )
  })

  test('wrong types are refused in French: SVG, HTML, a text file', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const societe = await societeOf(user, 'pro')
    for (const [bytes, name] of [
      [SVG, 'logo.svg'],
      [HTML, 'logo.html'],
      [Buffer.from('bonjour'), 'logo.txt'],
    ] as const) {
      const response = await upload(client, user, societe.id, bytes, name)
      assert.deepEqual(
        fieldErrors(response).logo,
        ['Format refusé : le logo doit être une image PNG, JPEG ou WebP (pas de SVG).'],
        name
      )
    }
    await societe.refresh()
    assert.isNull(societe.logoPath)
  })

  test('a spoofed extension is refused by its content (magic bytes)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('pro')
    const societe = await societeOf(user, 'pro')
    // A real JPEG called .png: the body parser takes it for a JPEG, our check sees the mismatch
    const renamed = await upload(client, user, societe.id, JPEG, 'logo.png')
    assert.deepEqual(fieldErrors(renamed).logo, [LOGO_CONTENT_MISMATCH])
    // Scripts and other content under an image name: refused, by the body parser's detection
    // of the content or by ours, always in French
    const spoofed = [
      [SVG, 'logo.png'],
      [HTML, 'logo.jpg'],
      [Buffer.from('GIF89a\x01\x00'), 'logo.png'],
      [Buffer.from('bonjour'), 'logo.webp'],
      [TINY_PNG.subarray(0, 4), 'logo.png'],
    ] as const
    for (const [bytes, name] of spoofed) {
      const response = await upload(client, user, societe.id, Buffer.from(bytes), name)
      assert.match(
        fieldErrors(response).logo?.[0] ?? '',
        /^(Format refusé|Le contenu du fichier)/,
        name
      )
    }
    await societe.refresh()
    assert.isNull(societe.logoPath)
  })

  test('a file over 1 MB is refused', async ({ client, assert }) => {
    const user = await makeUser('pro')
    const societe = await societeOf(user, 'pro')
    const big = Buffer.concat([TINY_PNG, Buffer.alloc(1024 * 1024 + 10)])
    const response = await upload(client, user, societe.id, big, 'grand.png')
    assert.deepEqual(fieldErrors(response).logo, ['Le logo ne peut pas dépasser 1 Mo.'])
    await societe.refresh()
    assert.isNull(societe.logoPath)
  })

  test('only an admin of the société (or staff) uploads: member 403, stranger 404', async ({
    client,
    assert,
  }) => {
    const member = await makeUser('pro')
    const societe = await societeOf(member, 'pro', 'membre')
    await expectStatus(upload(client, member, societe.id, TINY_PNG, 'a.png'), 403)
    await expectStatus(upload(client, await makeUser('pro'), societe.id, TINY_PNG, 'a.png'), 404)
    await expectStatus(upload(client, await makeUser('esi'), societe.id, TINY_PNG, 'a.png'), 302)
    const fresh = await Societe.findOrFail(societe.id)
    assert.isNotNull(fresh.logoPath)
  })

  test('served with nosniff, its image type and as an attachment, to members only', async ({
    client,
    assert,
  }) => {
    const member = await makeUser('other')
    const societe = await withLogo(await societeOf(member, 'client', 'membre'))
    const response = await client.get(`/app/company/${societe.id}/logo`).loginAs(member)
    response.assertStatus(200)
    assert.equal(response.header('content-type'), 'image/png')
    assert.equal(response.header('x-content-type-options'), 'nosniff')
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="logo-societe-\d+\.png"$/
    )
    assert.include(response.header('content-security-policy'), 'sandbox')

    const stranger = await client
      .get(`/app/company/${societe.id}/logo`)
      .loginAs(await makeUser('other'))
    stranger.assertStatus(404)
    const bare = await makeSociete('client')
    const none = await client.get(`/app/company/${bare.id}/logo`).loginAs(await makeUser('esi'))
    none.assertStatus(404)
  })

  test('a stored path that is not one of ours is never read (traversal)', async ({ client }) => {
    const esi = await makeUser('esi')
    const societe = await makeSociete('client', { logoPath: '../../../package.json' })
    await expectStatus(client.get(`/app/company/${societe.id}/logo`).loginAs(esi), 404)
  })

  test('removing the logo deletes the file', async ({ client, assert }) => {
    const user = await makeUser('other')
    const societe = await withLogo(await societeOf(user, 'client'))
    const stored = storedLogo(societe.logoPath)
    assert.isTrue(await fileExists(stored))
    const response = await client
      .delete(`/app/company/${societe.id}/logo`)
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    response.assertStatus(302)
    await societe.refresh()
    assert.isNull(societe.logoPath)
    assert.isFalse(await fileExists(stored))
  })
})
