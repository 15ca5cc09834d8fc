/*
 * Signing a bon de commande (DESIGN.md §3b): a drawn PNG or an uploaded signed scan, checked on
 * the server (PNG really, not blank, size; scan type by extension + detected type + magic bytes,
 * no SVG), stored privately; the commande is created (CMD-YYYY-NNNNN) with its audit rows; a
 * second signature is refused; at home the withdrawal period runs 14 days unless waived. And the
 * cancellation of a bdc not signed yet (motif required).
 */
import { test } from '@japa/runner'
import { randomBytes } from 'node:crypto'
import drive from '@adonisjs/drive/services/main'
import { DateTime } from 'luxon'
import type Bdc from '#models/bdc'
import Commande from '#models/commande'
import AuditLog from '#models/audit_log'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  BLANK,
  DRAWN,
  PDF,
  SVG,
  dataUrl,
  fieldErrors,
  makeBdc,
  makePng,
} from '#tests/functional/bdc/helpers'
import { SIGNATURE_MESSAGES, storedSignature } from '#services/bdc/signature_storage'
import { FILE_KINDS, fileExists, listFiles } from '#services/storage/files'
import { TINY_PNG } from '#services/logo_storage'

const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01])

function signDrawn(client: any, user: any, bdc: Bdc, fields: Record<string, unknown> = {}) {
  return client
    .post(`/esi/bdc/${bdc.id}/signature`)
    .loginAs(user)
    .header('referer', `/esi/bdc/${bdc.id}`)
    .json({
      mode: 'dessin',
      signataire: 'Anne Lambert',
      lieu: 'etablissement',
      lock_version: bdc.lockVersion,
      signature: DRAWN,
      ...fields,
    })
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

function signScan(client: any, user: any, bdc: Bdc, bytes: Buffer, filename: string) {
  return client
    .post(`/esi/bdc/${bdc.id}/signature`)
    .loginAs(user)
    .header('referer', `/esi/bdc/${bdc.id}`)
    .field('mode', 'scan')
    .field('signataire', 'Anne Lambert')
    .field('lieu', 'etablissement')
    .field('renonciation', '0')
    .field('lock_version', String(bdc.lockVersion))
    .file('fichier', bytes, { filename })
    .withCsrfToken()
    .redirects(0)
}

test.group('Bdc / signature', (group) => {
  withTransaction(group)
  group.each.setup(() => drive.use().deleteAll(FILE_KINDS.signature.folder))
  group.teardown(() => drive.use().deleteAll(FILE_KINDS.signature.folder))

  test('a drawn signature signs the bdc and creates the numbered commande, audited', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc({ user })
    const response = await signDrawn(client, user, bdc)
    response.assertStatus(302)
    response.assertHeader('location', `/esi/bdc/${bdc.id}`)
    assert.deepEqual(fieldErrors(response), {})

    await bdc.refresh()
    assert.equal(bdc.statut, 'signe')
    assert.equal(bdc.signataire, 'Anne Lambert')
    assert.equal(bdc.lieuSignature, 'etablissement')
    assert.equal(bdc.signatureType, 'dessin')
    assert.equal(bdc.signatureMime, 'image/png')
    assert.isNull(bdc.finRetractation)
    assert.match(bdc.signaturePath!, /^[a-f0-9]{32}\.png$/)
    assert.isTrue(await fileExists(storedSignature(bdc.signaturePath)))

    const commande = await Commande.findByOrFail('bdc_id', bdc.id)
    assert.match(commande.numero, new RegExp(`^CMD-${DateTime.now().year}-\\d{5}$`))
    assert.equal(commande.totalTtc, bdc.totalTtc)
    assert.equal(commande.statut, 'en_attente')
    assert.equal(
      response.flashMessage('success'),
      `Bon de commande signé : commande ${commande.numero} créée.`
    )
    for (const [action, subject] of [
      ['bdc.signe', bdc.id],
      ['commande.creee', commande.id],
    ] as const) {
      const row = await AuditLog.query()
        .where({ action, subject_id: String(subject) })
        .first()
      assert.exists(row, action)
      assert.equal(row!.userId, user.id)
    }

    // The Show page links the commande; the signature is served to esi only, never sniffed
    const show = await client.get(`/esi/bdc/${bdc.id}`).loginAs(user).withInertia()
    assert.deepEqual(show.body().props.bdc.commande, { id: commande.id, numero: commande.numero })
    const image = await client.get(`/esi/bdc/${bdc.id}/signature`).loginAs(user)
    image.assertStatus(200)
    assert.equal(image.header('content-type'), 'image/png')
    assert.equal(image.header('x-content-type-options'), 'nosniff')
    assert.include(image.header('content-disposition'), 'attachment')
    const pro = await makeUser('pro')
    const refused = await client.get(`/esi/bdc/${bdc.id}/signature`).loginAs(pro).redirects(0)
    assert.equal(refused.status(), 403)
  })

  test('an uploaded signed scan (PDF, PNG, JPEG) signs the bdc', async ({ client, assert }) => {
    const user = await makeUser('esi')
    for (const [bytes, name, mime, ext] of [
      [PDF, 'Bon signé.PDF', 'application/pdf', 'pdf'],
      [TINY_PNG, 'scan.png', 'image/png', 'png'],
      [JPEG, 'photo.jpeg', 'image/jpeg', 'jpg'],
    ] as const) {
      const bdc = await makeBdc()
      const response = await signScan(client, user, bdc, bytes, name)
      response.assertStatus(302)
      assert.deepEqual(fieldErrors(response), {}, name)
      await bdc.refresh()
      assert.equal(bdc.statut, 'signe')
      assert.equal(bdc.signatureType, 'scan')
      assert.equal(bdc.signatureMime, mime)
      assert.match(bdc.signaturePath!, new RegExp(`^[a-f0-9]{32}\\.${ext}$`))
    }
    // Nothing of the user's file name is kept on disk
    const names = await listFiles('signature')
    assert.notInclude(names.join(','), 'Bon')
  })

  test('spoofed, SVG, too big or blank signatures are refused in French, nothing signed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc()
    const html = Buffer.from('<!doctype html><script>alert(1)</script>')
    // Spoofed content: refused by the type detected from the bytes or by the magic-bytes check
    const cases: [any, string, string | string[]][] = [
      // Extension says PDF, the bytes are HTML
      [
        await signScan(client, user, bdc, html, 'bon.pdf'),
        'fichier',
        [SIGNATURE_MESSAGES.scanMismatch, SIGNATURE_MESSAGES.scanExtension],
      ],
      // PNG bytes named .pdf: extension and content disagree
      [
        await signScan(client, user, bdc, TINY_PNG, 'bon.pdf'),
        'fichier',
        [SIGNATURE_MESSAGES.scanMismatch, SIGNATURE_MESSAGES.scanExtension],
      ],
      [
        await signScan(client, user, bdc, SVG, 'bon.svg'),
        'fichier',
        SIGNATURE_MESSAGES.scanExtension,
      ],
      [
        await signScan(
          client,
          user,
          bdc,
          Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
          'gros.pdf'
        ),
        'fichier',
        SIGNATURE_MESSAGES.scanSize,
      ],
      [
        await signDrawn(client, user, bdc, { signature: BLANK }),
        'signature',
        SIGNATURE_MESSAGES.drawnBlank,
      ],
      [
        await signDrawn(client, user, bdc, { signature: 'data:image/svg+xml;base64,PHN2Zz4=' }),
        'signature',
        SIGNATURE_MESSAGES.drawnFormat,
      ],
      [
        // A JPEG announced as a PNG data URL
        await signDrawn(client, user, bdc, {
          signature: `data:image/png;base64,${JPEG.toString('base64')}`,
        }),
        'signature',
        SIGNATURE_MESSAGES.drawnFormat,
      ],
      [
        await signDrawn(client, user, bdc, {
          signature: dataUrl(Buffer.concat([makePng(300, 100, 400), randomBytes(520 * 1024)])),
        }),
        'signature',
        SIGNATURE_MESSAGES.drawnTooBig,
      ],
      [
        await signDrawn(client, user, bdc, { signature: undefined }),
        'signature',
        SIGNATURE_MESSAGES.drawnMissing,
      ],
      [
        await signDrawn(client, user, bdc, { signataire: '' }),
        'signataire',
        'Indiquez le nom de la personne qui signe.',
      ],
      [
        await signDrawn(client, user, bdc, { lieu: 'jardin' }),
        'lieu',
        'Indiquez où le bon de commande est signé.',
      ],
    ]
    for (const [response, field, message] of cases) {
      assert.equal(response.status(), 302)
      const errors = fieldErrors(response)[field] ?? []
      assert.lengthOf(errors, 1, `${field}: ${message}`)
      assert.include([message].flat(), errors[0], `${field}: ${message}`)
    }
    await bdc.refresh()
    assert.equal(bdc.statut, 'a_signer')
    assert.isNull(bdc.signaturePath)
    assert.isNull(await Commande.findBy('bdc_id', bdc.id))
    // No refused file stayed on disk
    const stored = await listFiles('signature')
    assert.deepEqual(stored, [])
  })

  test('a second signature is refused; a stale version is a conflict', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc()
    const stale = await signDrawn(client, user, bdc, { lock_version: bdc.lockVersion + 5 })
    assert.equal(stale.status(), 302)
    assert.include(stale.flashMessage('error'), 'a été modifié')
    // No version sent: refused next to the field (the optimistic check is never skipped)
    const blind = await signDrawn(client, user, bdc, { lock_version: undefined })
    assert.deepEqual(fieldErrors(blind).lock_version, [
      'Version du bon de commande inconnue : rechargez la page.',
    ])
    const blindCancel = await client
      .post(`/esi/bdc/${bdc.id}/annuler`)
      .loginAs(user)
      .header('x-requested-with', 'XMLHttpRequest')
      .header('accept', 'application/json')
      .json({ motif: 'Doublon' })
      .withCsrfToken()
      .redirects(0)
    blindCancel.assertStatus(422)
    await bdc.refresh()
    assert.equal(bdc.statut, 'a_signer')
    assert.lengthOf(await listFiles('signature'), 0)
    await signDrawn(client, user, bdc)
    await bdc.refresh()
    const again = await signDrawn(client, user, bdc)
    assert.equal(again.status(), 302)
    assert.equal(again.flashMessage('error'), `Le bon de commande ${bdc.numero} est déjà signé.`)
    assert.lengthOf(await Commande.query().where('bdc_id', bdc.id), 1)
    // The refused attempts left only the first signature's file
    assert.lengthOf(await listFiles('signature'), 1)
  })

  test('signed at home: 14-day withdrawal period on bdc and commande, unless waived', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const home = await makeBdc()
    await signDrawn(client, user, home, { lieu: 'domicile', renonciation: false })
    await home.refresh()
    const expected = DateTime.now().setZone('Europe/Brussels').plus({ days: 14 }).toISODate()
    assert.equal(home.finRetractation?.toISODate(), expected)
    assert.isFalse(home.renonciationRetractation)
    const commande = await Commande.findByOrFail('bdc_id', home.id)
    assert.equal(commande.finRetractation?.toISODate(), expected)
    const page = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
    page.assertInertiaComponent('esi/commande/Show')
    assert.equal(page.body().props.commande.fin_retractation, expected)

    const waived = await makeBdc()
    await signDrawn(client, user, waived, { lieu: 'domicile', renonciation: true })
    await waived.refresh()
    assert.isNull(waived.finRetractation)
    assert.isTrue(waived.renonciationRetractation)

    // A waiver means nothing on the company's premises
    const premises = await makeBdc()
    await signDrawn(client, user, premises, { lieu: 'etablissement', renonciation: true })
    await premises.refresh()
    assert.isFalse(premises.renonciationRetractation)
    assert.isNull(premises.finRetractation)
  })

  test('cancel: motif required, audited; a signed or cancelled bdc cannot be cancelled or signed', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bdc = await makeBdc()
    const post = (fields: Record<string, unknown>) =>
      client
        .post(`/esi/bdc/${bdc.id}/annuler`)
        .loginAs(user)
        .header('referer', `/esi/bdc/${bdc.id}`)
        .json(fields)
        .withCsrfToken()
        .withInertia()
        .redirects(0)

    const without = await post({ motif: '   ' })
    assert.deepEqual(fieldErrors(without).motif, ['Indiquez le motif d’annulation.'])
    await bdc.refresh()
    assert.equal(bdc.statut, 'a_signer')

    const ok = await post({ motif: 'Client s’est rétracté', lock_version: bdc.lockVersion })
    ok.assertHeader('location', `/esi/bdc/${bdc.id}`)
    assert.equal(ok.flashMessage('success'), `Bon de commande ${bdc.numero} annulé.`)
    await bdc.refresh()
    assert.equal(bdc.statut, 'annule')
    assert.equal(bdc.motifAnnulation, 'Client s’est rétracté')
    const row = await AuditLog.query()
      .where({ action: 'bdc.annule', subject_id: String(bdc.id) })
      .first()
    assert.equal(row?.after?.motif, 'Client s’est rétracté')

    const twice = await post({ motif: 'Doublon', lock_version: bdc.lockVersion })
    assert.equal(twice.flashMessage('error'), `Le bon de commande ${bdc.numero} est déjà annulé.`)
    const sign = await signDrawn(client, user, bdc)
    assert.include(sign.flashMessage('error'), 'est annulé')
    assert.isNull(await Commande.findBy('bdc_id', bdc.id))

    const signed = await makeBdc()
    await signDrawn(client, user, signed)
    await signed.refresh()
    const cancelSigned = await client
      .post(`/esi/bdc/${signed.id}/annuler`)
      .loginAs(user)
      .json({ motif: 'Doublon', lock_version: signed.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.include(cancelSigned.flashMessage('error'), 'est signé')
    await signed.refresh()
    assert.equal(signed.statut, 'signe')
  })
})
