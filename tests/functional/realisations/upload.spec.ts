/*
 * Réalisations (issue 14 §4), uploads from a phone: several photos a request under the request
 * caps, attacks refused or neutralised, HEIC converted, EXIF orientation applied, date and place
 * kept, stored without metadata.
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import { readFile } from 'node:fs/promises'
import CommandeFichier from '#models/commande_fichier'
import { makeUser, withTransaction } from '#tests/helpers'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { ENVOI_MESSAGES, PHOTOS_PAR_ENVOI } from '#shared/realisations'
import { PHOTO_MESSAGES } from '#validators/commande_fichiers'
import {
  HEIC,
  jpeg,
  messages,
  send,
  sidewaysJpeg,
  storedBytes,
  type Part,
} from '#tests/functional/realisations/helpers'

test.group('Réalisations / upload from a phone', (group) => {
  withTransaction(group)

  test('several photos at once: upright from EXIF, date and place kept, stored without metadata', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const response = await send(
      client,
      user,
      commande.id,
      [
        [await sidewaysJpeg(), 'IMG_0001.JPG'],
        [await jpeg(120, 90, '#3a3').png().toBuffer(), 'capture.png'],
      ],
      { legende: 'Façade après pose', publique: 1 }
    )
    response.assertStatus(201)
    assert.lengthOf(response.body().fichiers, 2)
    assert.deepEqual(response.body().refus, [])
    const rows = await CommandeFichier.query().where('commandeId', commande.id).orderBy('id')
    assert.lengthOf(rows, 2)
    const [sideways, png] = rows
    // Orientation 6 applied: the 400 × 200 photo is stored 200 wide, 400 high
    assert.deepEqual([sideways.largeur, sideways.hauteur], [200, 400])
    const meta = await sharp(await storedBytes(sideways)).metadata()
    assert.deepEqual([meta.width, meta.height, meta.format], [200, 400, 'jpeg'])
    assert.isUndefined(meta.exif)
    assert.isUndefined(meta.orientation)
    assert.equal(sideways.priseLe?.toFormat('yyyy-MM-dd'), '2026-03-12')
    // The camera's wall-clock time, read as Brussels time
    assert.equal(sideways.priseLe?.setZone('Europe/Brussels').toFormat('HH:mm'), '10:15')
    assert.closeTo(sideways.latitude!, 50.5, 0.001)
    assert.closeTo(sideways.longitude!, 4.5, 0.001)
    assert.isTrue(sideways.publique)
    assert.equal(sideways.legende, 'Façade après pose')
    assert.equal(sideways.etape, 'pose')
    // The thumbnail is upright too, smaller
    const thumb = await sharp(await storedBytes(sideways, true)).metadata()
    assert.isAbove(thumb.height!, thumb.width!)
    // A PNG screenshot: no EXIF, the upload time as its date, stored as JPEG
    assert.isNull(png.priseLe)
    assert.equal(png.mime, 'image/jpeg')
  })

  test('an iPhone HEIC is converted to JPEG, its date and place kept', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const heic = await readFile(HEIC)
    const response = await send(client, user, commande.id, [[heic, 'IMG_4021.HEIC']])
    response.assertStatus(201)
    const row = await CommandeFichier.query().where('commandeId', commande.id).firstOrFail()
    assert.equal(row.mime, 'image/jpeg')
    assert.deepEqual([row.largeur, row.hauteur], [64, 32])
    assert.equal(row.priseLe?.toFormat('yyyy-MM-dd'), '2026-05-04')
    assert.closeTo(row.latitude!, 50.4667, 0.001)
    const bytes = await storedBytes(row)
    assert.deepEqual([...bytes.subarray(0, 3)], [0xff, 0xd8, 0xff])
    // The pixels survived the conversion: red band on the left, green on the right
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true })
    const pixel = (x: number) => [...data.subarray(x * info.channels, x * info.channels + 3)]
    assert.isAbove(pixel(2)[0], 150)
    assert.isAbove(pixel(50)[1], 100)
    assert.isBelow(pixel(50)[0], 100)
  })

  test('attacks: a polyglot is neutralised or refused, a PDF or SVG named .jpg refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const script = '<html><script>alert(document.cookie)</script></html>'
    // A real JPEG with an HTML page after its end: decodable, so re-encoded without the tail
    const polyglot = Buffer.concat([await jpeg(40, 30).toBuffer(), Buffer.from(script)])
    const sent = await send(client, user, commande.id, [[polyglot, 'polyglot.jpg']])
    sent.assertStatus(201)
    const row = await CommandeFichier.findOrFail(sent.body().fichiers[0].id)
    const stored = await storedBytes(row)
    assert.notInclude(stored.toString('latin1'), '<script')
    const served = await client
      .get(`/esi/commandes/${commande.id}/fichiers/${row.id}`)
      .loginAs(user)
    served.assertHeader('content-type', 'image/jpeg')
    served.assertHeader('x-content-type-options', 'nosniff')
    assert.match(served.header('content-security-policy') ?? '', /sandbox/)
    assert.match(served.header('content-disposition') ?? '', /^attachment/)

    const refused: [Buffer, string, string][] = [
      // JPEG magic bytes then HTML: passes the type sniffing, not an image
      [
        Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(script)]),
        'entete.jpg',
        PHOTO_MESSAGES.content,
      ],
      [Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\n%%EOF\n'), 'facture.jpg', PHOTO_MESSAGES.content],
      [
        Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'),
        'logo.jpg',
        PHOTO_MESSAGES.content,
      ],
      [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'logo.svg', PHOTO_MESSAGES.type],
      [Buffer.alloc(15 * 1024 * 1024 + 10, 0xff), 'enorme.jpg', PHOTO_MESSAGES.size],
    ]
    for (const [bytes, name, message] of refused) {
      const response = await send(client, user, commande.id, [[bytes, name]])
      response.assertStatus(422)
      assert.deepEqual(messages(response), [message], name)
    }
    assert.lengthOf(await CommandeFichier.query().where('commandeId', commande.id), 1)

    // A refused photo among good ones: the good ones stored, the refused one named
    const mixed = await send(client, user, commande.id, [
      [await jpeg(50, 40).toBuffer(), 'bonne.jpg'],
      [Buffer.from('%PDF-1.4\n%%EOF\n'), 'mauvaise.jpg'],
    ])
    mixed.assertStatus(201)
    assert.lengthOf(mixed.body().fichiers, 1)
    assert.deepEqual(mixed.body().refus, [{ nom: 'mauvaise.jpg', message: PHOTO_MESSAGES.content }])
  })

  test('too many photos or too heavy a request: refused whole, in French', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedBdc()
    const small = await jpeg(20, 20).toBuffer()
    const many: Part[] = Array.from({ length: PHOTOS_PAR_ENVOI + 1 }, (_, i) => [
      small,
      `p${i}.jpg`,
    ])
    const tooMany = await send(client, user, commande.id, many)
    tooMany.assertStatus(422)
    assert.deepEqual(messages(tooMany), [ENVOI_MESSAGES.tooMany])
    // Three photos of 14 Mo each: each under its own cap, 42 Mo in all
    const heavy = Buffer.concat([small, Buffer.alloc(14 * 1024 * 1024)])
    const tooHeavy = await send(client, user, commande.id, [
      [heavy, 'a.jpg'],
      [heavy, 'b.jpg'],
      [heavy, 'c.jpg'],
    ])
    tooHeavy.assertStatus(422)
    assert.deepEqual(messages(tooHeavy), [ENVOI_MESSAGES.tooHeavy])
    assert.lengthOf(await CommandeFichier.query().where('commandeId', commande.id), 0)
    // Exactly the cap of photos passes
    const ten = await send(client, user, commande.id, many.slice(0, PHOTOS_PAR_ENVOI))
    ten.assertStatus(201)
    assert.lengthOf(ten.body().fichiers, PHOTOS_PAR_ENVOI)
  })
})
