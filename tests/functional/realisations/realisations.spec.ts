/*
 * Réalisations (issue 14 §4): several photos a request from a phone under the request caps,
 * attacks refused or neutralised, HEIC converted, EXIF orientation applied, date and place kept;
 * the gallery's filters against SQL counts; the publique flag; the public portfolio showing only
 * public photos and nothing of the client; rights.
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import { readFile } from 'node:fs/promises'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import CommandeFichier from '#models/commande_fichier'
import AuditLog from '#models/audit_log'
import { makePersona, makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { makeRealisation } from '#tests/functional/routes/params/realisations'
import { storedFile } from '#services/storage/files'
import { ENVOI_MESSAGES, PHOTOS_PAR_ENVOI } from '#shared/realisations'
import { PHOTO_MESSAGES } from '#validators/commande_fichiers'

const HEIC = new URL('../../fixtures/photos/chantier.heic', import.meta.url)

function jpeg(width: number, height: number, background = '#c33') {
  return sharp({ create: { width, height, channels: 3, background } }).jpeg()
}

/** A 400 × 200 JPEG whose EXIF says « rotate 90° » (orientation 6), with a date and GPS. */
function sidewaysJpeg(): Promise<Buffer> {
  return jpeg(400, 200)
    .withExif({
      IFD2: { DateTimeOriginal: '2026:03:12 10:15:00' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '50/1 30/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '4/1 30/1 0/1',
      },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer()
}

type Part = [Buffer, string]

function send(client: any, user: any, commandeId: number, parts: Part[], fields = {}) {
  let request = client
    .post(`/esi/commandes/${commandeId}/fichiers`)
    .loginAs(user)
    .header('accept', 'application/json')
    .header('x-requested-with', 'XMLHttpRequest')
    .field('etape', 'pose')
  for (const [key, value] of Object.entries(fields)) request = request.field(key, String(value))
  for (const [bytes, filename] of parts) request = request.file('fichiers[]', bytes, { filename })
  return request.withCsrfToken()
}

const messages = (response: any): string[] =>
  (response.body().errors ?? []).map((e: { message: string }) => e.message)

async function storedBytes(row: CommandeFichier, vignette = false) {
  const file = vignette ? storedFile('vignette', row.vignette) : storedFile('photo', row.nomStocke)
  return Buffer.from(await drive.use().getBytes(file!.key))
}

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

test.group('Réalisations / gallery and portfolio', (group) => {
  withTransaction(group)

  test('the gallery filters by product family, commune and date, as SQL counts them', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const famille = `Vérandas ${Date.now()}`
    const commune = `Gembloux-${Date.now()}`
    const a = await makeRealisation({ publique: false, legende: 'Véranda' })
    const b = await makeRealisation({ publique: true, legende: 'Autre' })
    const [produit] = await db
      .table('produits')
      .insert({
        reference: `VER-${Date.now()}`,
        libelle: 'Véranda alu',
        unite: 'piece',
        prix_vente_ht: 100,
        taux_tva: 21,
        categorie: famille,
        created_at: new Date(),
        updated_at: new Date(),
      })
      .returning('id')
    await db
      .from('bdc_lignes')
      .where('bdc_id', a.commande.bdcId)
      .where('type', 'produit')
      .update({ produit_id: produit.id })
    await db
      .from('clients')
      .where('id_client', a.commande.clientId)
      .update({ chantier_localite: commune })
    await CommandeFichier.query()
      .where('id', b.photo.id)
      .update({ priseLe: new Date('2020-06-15T10:00:00Z') })

    const props = async (query: string) => {
      const page = await client.get(`/esi/realisation?${query}`).loginAs(user).withInertia()
      page.assertStatus(200)
      return page.body().props
    }
    const parFamille = await props(`famille=${encodeURIComponent(famille)}`)
    assert.deepEqual(
      parFamille.photos.map((p: any) => p.id),
      [Number(a.photo.id)]
    )
    assert.include(parFamille.options.familles, famille)
    assert.include(parFamille.photos[0].familles, famille)
    const parLieu = await props(`lieu=${encodeURIComponent(commune.toUpperCase())}`)
    assert.deepEqual(
      parLieu.photos.map((p: any) => p.id),
      [Number(a.photo.id)]
    )
    assert.equal(parLieu.photos[0].lieu, commune)
    const juin = await props('du=2020-06-15&au=2020-06-15')
    const [{ count }] = await db
      .from('commande_fichiers')
      .where('kind', 'photo')
      .whereRaw(
        `(COALESCE(prise_le, created_at) AT TIME ZONE 'Europe/Brussels')::date = '2020-06-15'`
      )
      .count('* as count')
    assert.equal(juin.total, Number(count))
    assert.include(
      juin.photos.map((p: any) => p.id),
      Number(b.photo.id)
    )
    const [{ count: all }] = await db.from('commande_fichiers').where('kind', 'photo').count('*')
    const everything = await props('')
    assert.equal(everything.total, Number(all))
    // Unreadable filters are no filter, never an error
    const junk = await props('du=2020-13-45&page=-3&famille=')
    assert.equal(junk.total, Number(all))
  })

  test('staff toggle publique and edit the caption (audited); delete needs the admin droit', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const { photo } = await makeRealisation({ publique: false })
    const patched = await client
      .patch(`/esi/realisation/photos/${photo.id}`)
      .loginAs(esi)
      .header('accept', 'application/json')
      .json({ publique: true, legende: '  Cuisine terminée  ' })
      .withCsrfToken()
    patched.assertStatus(200)
    await photo.refresh()
    assert.isTrue(photo.publique)
    assert.equal(photo.legende, 'Cuisine terminée')
    const log = await AuditLog.query()
      .where({ action: 'realisation.updated', subjectId: String(photo.id) })
      .firstOrFail()
    assert.deepEqual(log.after, { legende: 'Cuisine terminée', publique: true })
    const tooLong = await client
      .patch(`/esi/realisation/photos/${photo.id}`)
      .loginAs(esi)
      .header('accept', 'application/json')
      .json({ legende: 'x'.repeat(301) })
      .withCsrfToken()
    tooLong.assertStatus(422)
    assert.match(tooLong.body().errors[0].message, /300 caractères/)

    const refused = await client
      .delete(`/esi/realisation/photos/${photo.id}`)
      .loginAs(esi)
      .withCsrfToken()
      .redirects(0)
    refused.assertStatus(403)
    const admin = (await makePersona('esi_admin'))!
    const deleted = await client
      .delete(`/esi/realisation/photos/${photo.id}`)
      .loginAs(admin)
      .withSession(recentProofs())
      .header('referer', '/esi/realisation')
      .withCsrfToken()
      .redirects(0)
    deleted.assertStatus(302)
    assert.isNull(await CommandeFichier.find(photo.id))
    assert.isFalse(await drive.use().exists(storedFile('photo', photo.nomStocke)!.key))
    const unknown = await client
      .patch(`/esi/realisation/photos/${photo.id}`)
      .loginAs(esi)
      .header('accept', 'application/json')
      .json({ publique: true })
      .withCsrfToken()
    unknown.assertStatus(404)
  })

  test('the portfolio: anyone, public photos only, nothing of the client, no EXIF', async ({
    client,
    assert,
  }) => {
    const { commande } = await signedBdc()
    await db.from('clients').where('id_client', commande.clientId).update({
      nom: 'Vandenberghe-Secret',
      chantier_rue: 'Rue des Cachettes 13',
      chantier_localite: 'Namur',
    })
    const user = await makeUser('esi')
    const sent = await send(client, user, commande.id, [[await sidewaysJpeg(), 'public.jpg']], {
      publique: 1,
      legende: 'Châssis bois',
    })
    sent.assertStatus(201)
    const prive = await send(client, user, commande.id, [[await sidewaysJpeg(), 'prive.jpg']])
    prive.assertStatus(201)
    const publicId = sent.body().fichiers[0].id
    const priveId = prive.body().fichiers[0].id

    const page = await client.get('/realisations').withInertia()
    page.assertStatus(200)
    assert.equal(page.body().component, 'Public/Realisations')
    const ids = page.body().props.photos.map((p: any) => p.id)
    assert.include(ids, publicId)
    assert.notInclude(ids, priveId)
    const [{ count }] = await db
      .from('commande_fichiers')
      .where({ kind: 'photo', publique: true })
      .count('*')
    assert.equal(page.body().props.total, Number(count))
    const text = JSON.stringify(page.body().props)
    for (const secret of ['Vandenberghe', 'Cachettes', commande.numero, 'latitude', '50.5']) {
      assert.notInclude(text, secret)
    }
    const mine = page.body().props.photos.find((p: any) => p.id === publicId)
    assert.equal(mine.lieu, 'Namur')
    assert.deepEqual(Object.keys(mine).sort(), [
      'familles',
      'hauteur',
      'id',
      'largeur',
      'legende',
      'lieu',
      'prise_le',
    ])

    const file = await client.get(`/realisations/photos/${publicId}`)
    file.assertStatus(200)
    file.assertHeader('content-type', 'image/jpeg')
    // The served bytes: the re-encoded photo, upright, without EXIF (no GPS, no date, no device)
    const served = file.body()
    assert.isTrue(Buffer.isBuffer(served))
    const meta = await sharp(served).metadata()
    assert.deepEqual([meta.width, meta.height], [200, 400])
    assert.isUndefined(meta.exif)
    const thumb = await client.get(`/realisations/photos/${publicId}?vignette=1`)
    thumb.assertStatus(200)
    // A photo that is not publique, and an unknown one: 404 for anyone
    const status = async (url: string) => {
      const response = await client.get(url)
      return response.status()
    }
    assert.equal(await status(`/realisations/photos/${priveId}`), 404)
    assert.equal(await status(`/realisations/photos/${priveId}?vignette=1`), 404)
    assert.equal(await status('/realisations/photos/999999999'), 404)
    // Made private again: gone from the portfolio and its file
    await CommandeFichier.query().where('id', publicId).update({ publique: false })
    assert.equal(await status(`/realisations/photos/${publicId}`), 404)
  })

  test('rights: pro and other 403 on the gallery, anyone on the portfolio', async ({ client }) => {
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const gallery = await client.get('/esi/realisation').loginAs(user).withInertia()
      gallery.assertStatus(403)
      const search = await client
        .get('/esi/realisation/commandes?q=CMD')
        .loginAs(user)
        .header('accept', 'application/json')
      search.assertStatus(403)
      const portfolio = await client.get('/realisations').loginAs(user).withInertia()
      portfolio.assertStatus(200)
    }
    const guest = await client.get('/esi/realisation').redirects(0)
    guest.assertStatus(302)
    const anonymous = await client.get('/realisations').withInertia()
    anonymous.assertStatus(200)
  })
})
