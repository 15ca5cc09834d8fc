/*
 * Issue 12 §5 — pose and réception through HTTP: the pose gate refused with its reason then
 * allowed; signing the PV stores the signature and the PDF (a commande document) and puts the
 * pose « faite »; reserves keep it « en cours » until the last is lifted; French messages next
 * to the fields; esi only, unknown 404.
 */
import { test } from '@japa/runner'
import sharp from 'sharp'
import drive from '@adonisjs/drive/services/main'
import db from '@adonisjs/lucid/services/db'
import { makeUser, withTransaction } from '#tests/helpers'
import { BLANK, DRAWN, fieldErrors } from '#tests/functional/bdc/helpers'
import {
  goodsReceived,
  mesureWithLignes,
  signedCommande,
} from '#tests/functional/receptions/helpers'
import CommandeEtape from '#models/commande_etape'
import Reception from '#models/reception'
import Notification from '#models/notification'
import { FILE_KINDS, readBytes, storedFile } from '#services/storage/files'
import { RECEPTION_MESSAGES } from '#shared/receptions'
import { getPdf, pdfText } from '#tests/functional/pdf/pdf_text'

const GATE = 'Toutes les lignes fournisseur ne sont pas reçues.'

async function poseStatut(commandeId: number) {
  const row = await CommandeEtape.query().where({ commandeId, etape: 'pose' }).firstOrFail()
  return row.statut
}

function sign(client: any, user: any, commandeId: number, fields: Record<string, unknown> = {}) {
  return client
    .post(`/esi/commandes/${commandeId}/reception`)
    .loginAs(user)
    .header('referer', `/esi/commandes/${commandeId}/reception`)
    .json({
      signataire: 'Anne Lambert',
      lieu: 'Namur',
      reception: 'sans_reserve',
      reserves: [],
      consentement: '1',
      signature: DRAWN,
      ...fields,
    })
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

function signJson(client: any, user: any, commandeId: number) {
  return client
    .post(`/esi/commandes/${commandeId}/reception`)
    .loginAs(user)
    .header('accept', 'application/json')
    .json({
      signataire: 'Anne Lambert',
      reception: 'sans_reserve',
      consentement: '1',
      signature: DRAWN,
    })
    .withCsrfToken()
}

test.group('Réception / pose and PV', (group) => {
  withTransaction(group)
  group.teardown(async () => {
    for (const kind of ['signature', 'commande_document', 'photo', 'vignette'] as const)
      await drive.use().deleteAll(FILE_KINDS[kind].folder)
  })

  test('« Commencer la pose » is refused with the gate’s reason, then allowed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedCommande()
    const start = () =>
      client
        .post(`/esi/commandes/${commande.id}/pose/commencer`)
        .loginAs(user)
        .header('accept', 'application/json')
        .withCsrfToken()

    const refused = await start()
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), GATE)
    assert.equal(await poseStatut(commande.id), 'a_faire')

    // The page shows the reason on the disabled button
    const page = await client.get(`/esi/commandes/${commande.id}/pose`).loginAs(user).withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('esi/commande/Pose')
    assert.equal(page.body().props.etape.gate, GATE)

    await goodsReceived(commande.id)
    const ok = await client
      .post(`/esi/commandes/${commande.id}/pose/commencer`)
      .loginAs(user)
      .withCsrfToken()
      .redirects(0)
    ok.assertStatus(302)
    assert.equal(await poseStatut(commande.id), 'en_cours')
    const history = await db
      .from('commande_etape_historique')
      .where({ commande_id: commande.id, etape: 'pose', vers: 'en_cours' })
    assert.lengthOf(history, 1)
    assert.equal(history[0].user_id, user.id)
  })

  test('the Pose page: address with navigation link, contact, measured items', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedCommande()
    const empty = await client.get(`/esi/commandes/${commande.id}/pose`).loginAs(user).withInertia()
    assert.deepEqual(empty.body().props.lignes, [])
    await mesureWithLignes(commande.id)
    const page = await client.get(`/esi/commandes/${commande.id}/pose`).loginAs(user).withInertia()
    const props = page.body().props
    assert.equal(props.commande.numero, commande.numero)
    assert.deepEqual(
      props.lignes.map((l: any) => [l.repere, l.largeur_mm, l.hauteur_mm]),
      [
        ['Cuisine', 1200, 1400],
        ['Entrée', 980, 2150],
      ]
    )
    if (props.commande.adresse.texte) {
      assert.match(props.commande.adresse.navigation, /^https:\/\/www\.google\.com\/maps\/dir\//)
      assert.match(props.commande.adresse.geo, /^geo:/)
    }
    assert.isNull(props.reception)

    // A photo « avant » sent by the commande file service is listed with its moment
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#3a6' } })
      .jpeg()
      .toBuffer()
    const upload = await client
      .post(`/esi/commandes/${commande.id}/fichiers`)
      .loginAs(user)
      .header('accept', 'application/json')
      .field('etape', 'pose')
      .field('moment', 'avant')
      .file('fichier', jpeg, { filename: 'facade.jpg' })
      .withCsrfToken()
    assert.oneOf(upload.status(), [200, 201])
    const after = await client.get(`/esi/commandes/${commande.id}/pose`).loginAs(user).withInertia()
    const photos = after.body().props.photos
    assert.lengthOf(photos, 1)
    assert.equal(photos[0].moment, 'avant')
    assert.equal(
      photos[0].vignette,
      `/esi/commandes/${commande.id}/fichiers/${photos[0].id}?vignette=1`
    )
  })

  test('signing stores the signature and the PDF, the pose is « faite », the chef notified', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const chef = await makeUser('esi')
    const { commande } = await signedCommande(chef)

    const refused = await signJson(client, user, commande.id)
    refused.assertStatus(422)
    assert.include(JSON.stringify(refused.body()), GATE)
    assert.isNull(await Reception.findBy('commande_id', commande.id))

    await goodsReceived(commande.id)
    await mesureWithLignes(commande.id)
    const response = await sign(client, user, commande.id)
    response.assertStatus(302)
    assert.deepEqual(fieldErrors(response), {})
    const reception = await Reception.query()
      .where('commandeId', commande.id)
      .preload('reserves')
      .firstOrFail()
    assert.equal(reception.signataire, 'Anne Lambert')
    assert.equal(reception.technicienId, user.id)
    assert.isFalse(reception.avecReserves)
    assert.lengthOf(reception.reserves, 0)
    const png = await readBytes(storedFile('signature', reception.signaturePath))
    assert.equal(png?.subarray(1, 4).toString(), 'PNG')

    const fichier = await db.from('commande_fichiers').where('id', reception.fichierId!).first()
    assert.equal(fichier.kind, 'document')
    assert.equal(fichier.etape, 'pose')
    assert.equal(fichier.commande_id, commande.id)
    assert.equal(await poseStatut(commande.id), 'faite')

    const { response: pdf, body } = await getPdf(
      client,
      `/esi/commandes/${commande.id}/reception/pdf`,
      user
    )
    pdf.assertStatus(200)
    pdf.assertHeader('content-type', 'application/pdf')
    assert.equal(pdf.headers()['cache-control'], 'private, no-store')
    // What the customer signed: the commande, the items installed, « sans réserve », the consent
    const { text, pages } = await pdfText(body)
    for (const expected of [
      'Procès-verbal de réception',
      commande.numero,
      'Cuisine',
      'Fenêtre PVC 2 vantaux',
      '1 200 × 1 400 mm',
      'Réception sans réserve.',
      'Je soussigné(e) déclare avoir assisté à la réception',
      'Signataire : Anne Lambert',
      `Page 1 / ${pages.length}`,
    ])
      assert.include(text, expected)

    const notes = await Notification.query().where({ userId: chef.id, type: 'reception.signee' })
    assert.lengthOf(notes, 1)
    assert.include(notes[0].titre, commande.numero)

    // The page shows the signed PV and its PDF link; a second signing is refused
    const page = await client
      .get(`/esi/commandes/${commande.id}/reception`)
      .loginAs(user)
      .withInertia()
    assert.equal(page.body().props.reception.signataire, 'Anne Lambert')
    assert.equal(page.body().props.reception.pdf_url, `/esi/commandes/${commande.id}/reception/pdf`)
    const again = await signJson(client, user, commande.id)
    again.assertStatus(422)
    assert.include(JSON.stringify(again.body()), RECEPTION_MESSAGES.dejaSignee)

    // The database's own wall (two devices racing past the check): one active PV per commande
    const row = await db.from('receptions').where('id', reception.id).first()
    const copy = { ...row }
    delete copy.id
    await assert.rejects(() =>
      db.transaction((trx) => trx.table('receptions').insert({ ...copy, fichier_id: null }))
    )
  })

  test('reserves keep the pose « en cours » until the last one is lifted', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedCommande()
    await goodsReceived(commande.id)
    const response = await sign(client, user, commande.id, {
      reception: 'avec_reserves',
      reserves: ['Joint de la fenêtre de la cuisine à reprendre', 'Rayure sur le dormant'],
    })
    response.assertStatus(302)
    assert.deepEqual(fieldErrors(response), {})
    const reception = await Reception.query()
      .where('commandeId', commande.id)
      .preload('reserves')
      .firstOrFail()
    assert.isTrue(reception.avecReserves)
    assert.deepEqual(
      reception.reserves.map((r) => r.description),
      ['Joint de la fenêtre de la cuisine à reprendre', 'Rayure sur le dormant']
    )
    assert.equal(await poseStatut(commande.id), 'en_cours')

    const lever = (reserveId: number, commentaire = '') =>
      client
        .post(`/esi/commandes/${commande.id}/reception/reserves/${reserveId}/lever`)
        .loginAs(user)
        .header('accept', 'application/json')
        .json({ commentaire })
        .withCsrfToken()
        .redirects(0)
    const [first, second] = reception.reserves
    const lifted = await lever(first.id, 'Joint refait')
    lifted.assertStatus(302)
    assert.equal(await poseStatut(commande.id), 'en_cours')
    await first.refresh()
    assert.isNotNull(first.leveeLe)
    assert.equal(first.leveePar, user.id)
    assert.equal(first.commentaire, 'Joint refait')

    const twice = await lever(first.id)
    twice.assertStatus(422)
    assert.include(JSON.stringify(twice.body()), RECEPTION_MESSAGES.dejaLevee)
    const unknown = await lever(999999)
    unknown.assertStatus(404)

    // A photo of the defect, sent by the commande file service, then linked to the reserve
    const jpeg = await sharp({ create: { width: 60, height: 40, channels: 3, background: '#a33' } })
      .jpeg()
      .toBuffer()
    const upload = await client
      .post(`/esi/commandes/${commande.id}/fichiers`)
      .loginAs(user)
      .header('accept', 'application/json')
      .field('etape', 'pose')
      .file('fichier', jpeg, { filename: 'rayure.jpg' })
      .withCsrfToken()
    const fichierId = upload.body().fichier.id
    const attach = (fichier_id: unknown) =>
      client
        .post(`/esi/commandes/${commande.id}/reception/reserves/${second.id}/photo`)
        .loginAs(user)
        .header('accept', 'application/json')
        .json({ fichier_id })
        .withCsrfToken()
        .redirects(0)
    const attached = await attach(fichierId)
    attached.assertStatus(302)
    await second.refresh()
    assert.equal(second.photoFichierId, fichierId)
    const foreign = await attach(Number(reception.fichierId) + 100_000)
    foreign.assertStatus(422)
    assert.include(JSON.stringify(foreign.body()), RECEPTION_MESSAGES.photoInconnue)
    const withPhoto = await client
      .get(`/esi/commandes/${commande.id}/reception`)
      .loginAs(user)
      .withInertia()
    assert.equal(
      withPhoto.body().props.reception.reserves[1].photo.url,
      `/esi/commandes/${commande.id}/fichiers/${fichierId}`
    )

    const last = await lever(second.id)
    last.assertStatus(302)
    assert.equal(await poseStatut(commande.id), 'faite')
    const page = await client
      .get(`/esi/commandes/${commande.id}/reception`)
      .loginAs(user)
      .withInertia()
    assert.equal(page.body().props.reception.reserves_ouvertes, 0)
  })

  test('bad input: French messages next to the fields, nothing signed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { commande } = await signedCommande()
    await goodsReceived(commande.id)
    const cases: [Record<string, unknown>, string, string][] = [
      [{ signataire: '' }, 'signataire', RECEPTION_MESSAGES.signataireMissing],
      [{ signature: undefined }, 'signature', RECEPTION_MESSAGES.signatureMissing],
      [{ signature: BLANK }, 'signature', 'Le cadre de signature est vide'],
      [{ consentement: undefined }, 'consentement', RECEPTION_MESSAGES.consentementMissing],
      [
        { reception: 'avec_reserves', reserves: [] },
        'reserves',
        RECEPTION_MESSAGES.reservesMissing,
      ],
      [
        { reception: 'avec_reserves', reserves: ['Ok', ''] },
        'reserves.1',
        RECEPTION_MESSAGES.reserveEmpty,
      ],
      [{ reception: 'peut-etre' }, 'reception', 'Choisissez une réception sans réserve'],
      [{ signataire: 'x'.repeat(10_000) }, 'signataire', 'au plus 120 caractères'],
      [
        { reception: 'avec_reserves', reserves: 'pas une liste' },
        'reserves',
        'La liste des réserves est illisible',
      ],
    ]
    for (const [fields, field, message] of cases) {
      const response = await sign(client, user, commande.id, fields)
      assert.equal(response.status(), 302, field)
      const errors = fieldErrors(response)[field] ?? []
      assert.lengthOf(errors, 1, `${field}: ${JSON.stringify(fieldErrors(response))}`)
      assert.include(errors[0], message, field)
    }
    assert.isNull(await Reception.findBy('commande_id', commande.id))
    assert.equal(await poseStatut(commande.id), 'a_faire')
  })

  test('rights: pro and other 403, guest to login, unknown commande 404', async ({
    client,
    assert,
  }) => {
    const { commande } = await signedCommande()
    await goodsReceived(commande.id)
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      for (const url of [
        `/esi/commandes/${commande.id}/pose`,
        `/esi/commandes/${commande.id}/reception`,
      ]) {
        const page = await client.get(url).loginAs(user).redirects(0)
        assert.equal(page.status(), 403, `${role} ${url}`)
      }
      const post = await sign(client, user, commande.id)
      assert.equal(post.status(), 403, role)
      const start = await client
        .post(`/esi/commandes/${commande.id}/pose/commencer`)
        .loginAs(user)
        .withCsrfToken()
        .redirects(0)
      assert.equal(start.status(), 403, role)
    }
    assert.isNull(await Reception.findBy('commande_id', commande.id))
    const guest = await client.get(`/esi/commandes/${commande.id}/pose`).redirects(0)
    guest.assertStatus(302)

    const esi = await makeUser('esi')
    for (const url of [
      '/esi/commandes/99999999/pose',
      '/esi/commandes/99999999/reception',
      '/esi/commandes/99999999999/reception',
      `/esi/commandes/${commande.id}/reception/pdf`,
    ]) {
      const response = await client.get(url).loginAs(esi).redirects(0)
      assert.equal(response.status(), 404, url)
    }
  })
})
