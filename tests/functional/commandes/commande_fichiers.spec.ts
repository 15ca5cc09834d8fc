/*
 * Work photos of a commande (issue 12): type checked by content, size capped, turned upright
 * from the EXIF orientation, re-encoded without metadata, a thumbnail made; the date taken kept
 * in the row; served only to staff, only under the commande that owns it.
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import CommandeFichier from '#models/commande_fichier'
import { makeUser, withTransaction } from '#tests/helpers'
import { fieldErrors } from '#tests/functional/societes/helpers'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { FILE_KINDS, fileExists, storedFile } from '#services/storage/files'
import { storeCommandeDocument } from '#services/commandes/commande_fichiers'
import { TINY_PNG } from '#services/logo_storage'

/** A 400 × 200 JPEG whose EXIF says « rotate 90° » (orientation 6), taken on 12/03/2026. */
async function sidewaysJpeg(): Promise<Buffer> {
  return sharp({ create: { width: 400, height: 200, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({ IFD2: { DateTimeOriginal: '2026:03:12 10:15:00' } })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

function upload(client: any, user: any, commandeId: number, bytes: Buffer, filename: string) {
  return client
    .post(`/esi/commandes/${commandeId}/fichiers`)
    .loginAs(user)
    .header('referer', `/esi/commandes/${commandeId}`)
    .field('etape', 'pose')
    .field('moment', 'avant')
    .field('legende', 'Façade avant travaux')
    .file('fichier', bytes, { filename })
    .withCsrfToken()
    .redirects(0)
}

test.group('Commandes / photos', (group) => {
  withTransaction(group)
  group.teardown(async () => {
    await drive.use().deleteAll(FILE_KINDS.photo.folder)
    await drive.use().deleteAll(FILE_KINDS.vignette.folder)
    await drive.use().deleteAll(FILE_KINDS.commande_document.folder)
  })

  test('a sideways phone photo is stored upright, re-encoded, with its thumbnail and date', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const response = await upload(client, user, commande.id, await sidewaysJpeg(), 'IMG_0001.JPG')
    response.assertStatus(302)
    assert.isEmpty(fieldErrors(response))
    const row = await CommandeFichier.query().where('commandeId', commande.id).firstOrFail()
    assert.equal(row.kind, 'photo')
    assert.equal(row.etape, 'pose')
    assert.equal(row.moment, 'avant')
    assert.equal(row.legende, 'Façade avant travaux')
    assert.equal(row.nomOriginal, 'IMG_0001.JPG')
    // Turned upright: 200 wide, 400 high
    assert.deepEqual([row.largeur, row.hauteur], [200, 400])
    assert.equal(row.priseLe?.toFormat('yyyy-MM-dd'), '2026-03-12')
    const served = await client
      .get(`/esi/commandes/${commande.id}/fichiers/${row.id}`)
      .loginAs(user)
    served.assertStatus(200)
    served.assertHeader('content-type', 'image/jpeg')
    served.assertHeader('x-content-type-options', 'nosniff')
    // The stored bytes: upright, no EXIF left
    const stored = storedFile('photo', row.nomStocke)!
    const bytes = Buffer.from(await drive.use().getBytes(stored.key))
    const storedMeta = await sharp(bytes).metadata()
    assert.equal(storedMeta.width, 200)
    assert.isUndefined(storedMeta.orientation)
    assert.isUndefined(storedMeta.exif)
    const thumb = await client
      .get(`/esi/commandes/${commande.id}/fichiers/${row.id}?vignette=1`)
      .loginAs(user)
    thumb.assertStatus(200)
    assert.isTrue(await fileExists(storedFile('vignette', row.vignette)))
  })

  test('a PNG named .jpg, an SVG and a too heavy file are refused next to the field', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const cases: [Buffer, string, RegExp][] = [
      [TINY_PNG, 'photo.jpg', /JPEG, PNG, WebP ou HEIC|pas une photo lisible/],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'x.svg',
        /JPEG, PNG, WebP ou HEIC/,
      ],
      [Buffer.alloc(15 * 1024 * 1024 + 10, 0xff), 'big.jpg', /plus de 15 Mo/],
      [Buffer.from('GIF89a'), 'photo.jpg', /JPEG, PNG, WebP ou HEIC|pas une photo lisible/],
      // JPEG magic bytes, then garbage: passes the type check, refused by the decoder
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 7)]),
        'p.jpg',
        /pas une photo lisible/,
      ],
    ]
    for (const [bytes, name, message] of cases) {
      const response = await upload(client, user, commande.id, bytes, name)
      response.assertStatus(302)
      assert.match(fieldErrors(response).fichier?.[0] ?? '', message, name)
    }
    assert.lengthOf(await CommandeFichier.query().where('commandeId', commande.id), 0)
  })

  test('pro and other get 403, an unknown commande 404, another commande’s file 404', async ({
    client,
  }) => {
    const esi = await makeUser('esi')
    const { commande } = await signedBdc()
    const { commande: other } = await signedBdc()
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const response = await upload(client, user, commande.id, await sidewaysJpeg(), 'a.jpg')
      response.assertStatus(403)
    }
    const unknown = await upload(client, esi, 999_999_999, await sidewaysJpeg(), 'a.jpg')
    unknown.assertStatus(404)
    const doc = await storeCommandeDocument(null, {
      commandeId: other.id,
      etape: 'mesurage',
      bytes: Buffer.from('%PDF-1.4\n%%EOF\n'),
      nomOriginal: 'mesurage.pdf',
      auteurId: esi.id,
    })
    const foreign = await client
      .get(`/esi/commandes/${commande.id}/fichiers/${doc.id}`)
      .loginAs(esi)
    foreign.assertStatus(404)
    const own = await client.get(`/esi/commandes/${other.id}/fichiers/${doc.id}`).loginAs(esi)
    own.assertStatus(200)
    own.assertHeader('content-type', 'application/pdf')
  })
})
