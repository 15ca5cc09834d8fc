/*
 * Réalisations (issue 14 §4), the gallery and the portfolio: filters against SQL counts, the
 * publique flag and the caption (audited), deleting with the admin droit, the public portfolio
 * showing only public photos and nothing of the client, its files 404 unless publique; rights.
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import CommandeFichier from '#models/commande_fichier'
import AuditLog from '#models/audit_log'
import { makePersona, makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { makeRealisation } from '#tests/functional/routes/params/realisations'
import { storedFile } from '#services/storage/files'
import { send, sidewaysJpeg } from '#tests/functional/realisations/helpers'

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
