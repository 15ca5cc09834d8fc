/*
 * Issue 14 §1 — the customer answers a devis online, over HTTP against the real database:
 * acceptance (bdc signed « à distance », commande, demande de paiement, evidence row; the ticked
 * options change the totals the server stores, equal to shared/totals.ts on the stored lines and
 * to an independent SQL sum), a second acceptance refused, French field errors, refusal with a
 * reason, an older version's link, staff rights unchanged.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Bdc from '#models/bdc'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { fieldErrors } from '#tests/functional/bdc/helpers'
import { listKeptMails, readKeptMail } from '#services/mail/kept_mail_transport'
import {
  OPTION_TICKED,
  OPTION_UNTICKED,
  acceptForm,
  linkPath,
  sentDevis,
} from '#tests/functional/signature_en_ligne/helpers'
import { sha256Hex } from '#services/signature_en_ligne/preuve'
import { bdcDocument } from '#services/pdf/index'
import { snapshotOf } from '#services/devis/devis_snapshot'
import DevisRevision from '#models/devis_revision'
import { changeDevisStatut } from '#services/devis/devis_lifecycle'
import { systemActor } from '#services/actor'
import { SIGNATURE_EN_LIGNE_MESSAGES as M } from '#shared/signature_en_ligne'
import { computeTotals } from '#shared/totals'
import { DELAI_RETRACTATION_JOURS } from '#shared/devis'
import { TIME_ZONE } from '#shared/app'

function post(client: any, devis: Devis, route: 'accepter' | 'refuser', body: object) {
  return client
    .post(linkPath(devis, `signed.devis.${route}`))
    .header('referer', linkPath(devis))
    .header('user-agent', 'Mozilla/5.0 (iPhone) Test')
    .json(body)
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

test.group('Signature en ligne / accepting', (group) => {
  withTransaction(group)

  test('accepting: options stored, bdc signed at a distance, commande, demande, evidence', async ({
    client,
    assert,
  }) => {
    const commercial = await makeUser('esi')
    const devis = await sentDevis({ commercial })
    const before = devis.totalTtc
    // The customer unticks the proposed option and ticks the other one
    const response = await post(
      client,
      devis,
      'accepter',
      acceptForm(devis, { retenues: [OPTION_UNTICKED] })
    )
    assert.equal(response.status(), 302, JSON.stringify(fieldErrors(response)))
    assert.match(response.header('location'), /^\/paiement\/[0-9a-f-]{36}\?signature=/)

    const accepted = await Devis.findOrFail(devis.id)
    assert.equal(accepted.statut, 'accepte')
    const lignes = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    assert.isFalse(lignes[OPTION_TICKED].retenue)
    assert.isTrue(lignes[OPTION_UNTICKED].retenue)
    // Stored totals = shared/totals.ts on the stored lines, and ≠ what was proposed
    const totals = computeTotals({
      lignes: lignes.map((l) => l.toData()),
      remise_globale_pct: accepted.remiseGlobalePct,
      acompte_pct: accepted.acomptePct,
    })
    assert.equal(accepted.totalTtc, totals.total_ttc)
    assert.equal(accepted.totalHt, totals.total_ht)
    assert.equal(accepted.acompte, totals.acompte)
    assert.notEqual(accepted.totalTtc, before)
    // Independent count: the HT of the kept produit lines, summed by SQL
    const [sql] = await db
      .from('devis_lignes')
      .where('devis_id', devis.id)
      .where('type', 'produit')
      .where('retenue', true)
      .sum('total_ht as ht')
    assert.equal(Number(sql.ht), accepted.totalHt)
    // Running sub-totals follow the kept options
    assert.equal(lignes[4].totalHt, totals.lignes[4].total_ht)

    const bdc = await Bdc.query().where('devis_id', devis.id).firstOrFail()
    assert.equal(bdc.statut, 'signe')
    assert.equal(bdc.lieuSignature, 'distance')
    assert.equal(bdc.signataire, 'Anne Lambert')
    assert.equal(bdc.signatureType, 'dessin')
    assert.isFalse(bdc.renonciationRetractation)
    assert.equal(bdc.totalTtc, accepted.totalTtc)
    const signedDay = bdc.signeLe!.setZone(TIME_ZONE).startOf('day')
    assert.equal(
      bdc.finRetractation!.toISODate(),
      signedDay.plus({ days: DELAI_RETRACTATION_JOURS }).toISODate()
    )
    const bdcLignes = await db.from('bdc_lignes').where('bdc_id', bdc.id).orderBy('position')
    assert.notInclude(
      bdcLignes.map((l) => l.designation),
      'Volet roulant électrique'
    )
    assert.include(
      bdcLignes.map((l) => l.designation),
      'Moustiquaire'
    )
    const commande = await db.from('commandes').where('bdc_id', bdc.id).first()
    assert.exists(commande)
    assert.equal(commande.fin_retractation.toISOString().slice(0, 10).length, 10)
    const demande = await db.from('demandes_paiement').where('bdc_id', bdc.id).first()
    assert.equal(Number(demande.montant), bdc.acompte)
    assert.include(response.header('location'), demande.public_id)

    const preuve = await db.from('signature_preuves').where('bdc_id', bdc.id).first()
    assert.equal(preuve.devis_id, devis.id)
    assert.equal(preuve.devis_revision, 1)
    assert.equal(preuve.document_sha256, sha256Hex(preuve.document_canonique))
    assert.equal(preuve.user_agent, 'Mozilla/5.0 (iPhone) Test')
    assert.exists(preuve.ip)
    assert.equal(preuve.signataire, 'Anne Lambert')
    assert.isTrue(preuve.consentement)
    assert.deepEqual(
      preuve.options.map((o: any) => [o.index, o.retenue]),
      [
        [OPTION_TICKED, false],
        [OPTION_UNTICKED, true],
      ]
    )
    // The hashed document is what the customer accepted: his totals, not the proposed ones
    const shown = JSON.parse(preuve.document_canonique).document
    assert.equal(shown.total_ttc, accepted.totalTtc)

    // The commercial is told once, by name
    const news = await db
      .from('notifications')
      .where('user_id', commercial.id)
      .whereNot('type', 'devis.envoye')
    assert.deepEqual(
      news.map((n) => n.type),
      ['devis.signe_en_ligne']
    )
    assert.include(news[0].titre, 'signé en ligne par Anne Lambert')

    // The bdc's PDF data carries the evidence page
    const doc = await bdcDocument(bdc.id)
    assert.equal(doc.preuve_signature?.sha256, preuve.document_sha256)
    assert.isTrue(doc.preuve_signature?.intacte)
    assert.exists(doc.retractation, 'a distance contract carries the withdrawal form')
    // Staff see it on the bdc page
    const staff = await client.get(`/esi/bdc/${bdc.id}`).loginAs(commercial).withInertia()
    assert.equal(staff.body().props.document.preuve_signature.sha256, preuve.document_sha256)

    // The customer's copy on a durable medium: the signed bdc's PDF by e-mail
    const client0 = await db.from('clients').where('id_client', devis.clientId).first()
    const kept = await listKeptMails()
    const mine = kept.filter((m) => m.to.includes(client0.email))
    const copy = mine.find((m) => m.subject.startsWith(`Votre bon de commande ${bdc.numero}`))
    assert.exists(copy, mine.map((m) => m.subject).join(' | '))
    const full = await readKeptMail(copy!.id)
    assert.deepEqual(
      (full!.attachments ?? []).map((a) => a.filename),
      [`${bdc.numero}.pdf`]
    )
    assert.isTrue(mine.some((m) => m.subject.startsWith('Demande de paiement')))

    // Back on the link: accepted, the way to the payment page
    const again = await client.get(linkPath(accepted)).withInertia()
    assert.equal(again.body().props.page.etat, 'accepte')
    assert.match(again.body().props.page.paiement_url, /^\/paiement\//)
  })

  test('a second acceptance of the same version is refused in French, nothing more made', async ({
    client,
    assert,
  }) => {
    const devis = await sentDevis()
    const first = await post(client, devis, 'accepter', acceptForm(devis))
    assert.equal(first.status(), 302)
    const second = await post(client, devis, 'accepter', acceptForm(devis))
    assert.equal(second.status(), 302)
    assert.deepEqual(fieldErrors(second)._form, [M.dejaAccepte])
    assert.lengthOf(await Bdc.query().where('devis_id', devis.id), 1)
    assert.lengthOf(await db.from('signature_preuves').where('devis_id', devis.id), 1)
  })

  test('French errors next to the fields; nothing is accepted', async ({ client, assert }) => {
    const devis = await sentDevis()
    const response = await post(client, devis, 'accepter', {
      signataire: '',
      mention: 'ok',
      signature: '',
      lock_version: devis.lockVersion,
    })
    const errors = fieldErrors(response)
    assert.deepEqual(errors.signataire, [M.signataire])
    assert.deepEqual(errors.signature, [M.signature])
    assert.deepEqual(errors.consentement, [M.consentement])
    // A wrong « lu et approuvé », then an option index that is no option
    const mention = await post(client, devis, 'accepter', acceptForm(devis, { mention: 'vu' }))
    assert.deepEqual(fieldErrors(mention).mention, [M.mention])
    const option = await post(client, devis, 'accepter', acceptForm(devis, { retenues: [1] }))
    assert.deepEqual(fieldErrors(option)._form, [M.options])
    const stale = await post(client, devis, 'accepter', acceptForm(devis, { lock_version: 99 }))
    assert.deepEqual(fieldErrors(stale)._form, [M.modifie])
    const unchanged = await Devis.findOrFail(devis.id)
    assert.equal(unchanged.statut, 'envoye')
    assert.lengthOf(await Bdc.query().where('devis_id', devis.id), 0)
  })

  test('refusing: the reason is required, then the devis is refusé and the commercial told', async ({
    client,
    assert,
  }) => {
    const commercial = await makeUser('esi')
    const devis = await sentDevis({ commercial })
    const empty = await post(client, devis, 'refuser', {
      motif: ' ',
      lock_version: devis.lockVersion,
    })
    assert.deepEqual(fieldErrors(empty).motif, [M.motif])
    const response = await post(client, devis, 'refuser', {
      motif: 'Trop cher pour nous cette année',
      lock_version: devis.lockVersion,
    })
    assert.equal(response.status(), 302)
    const refused = await Devis.findOrFail(devis.id)
    assert.equal(refused.statut, 'refuse')
    assert.equal(refused.motifRefus, 'Trop cher pour nous cette année')
    const news = await db
      .from('notifications')
      .where('user_id', commercial.id)
      .where('type', 'devis.refuse')
    assert.lengthOf(news, 1)
    assert.include(news[0].titre, 'Trop cher')
    const page = await client.get(linkPath(refused)).withInertia()
    assert.equal(page.body().props.page.etat, 'refuse')
    const accept = await post(client, refused, 'accepter', acceptForm(refused))
    assert.deepEqual(fieldErrors(accept)._form, [M.dejaRefuse])
  })

  test('an older version’s link says it was replaced and cannot be accepted', async ({
    client,
    assert,
  }) => {
    const devis = await sentDevis()
    const oldLink = linkPath(devis)
    // A new version, as the editor makes it (devis_service.updateDevis), then sent again
    await db.transaction(async (trx) => {
      const locked = await Devis.query({ client: trx }).where('id', devis.id).firstOrFail()
      await DevisRevision.create(
        { devisId: devis.id, revision: 1, snapshot: await snapshotOf(locked, trx) },
        { client: trx }
      )
      await trx
        .from('devis')
        .where('id', devis.id)
        .update({ revision: 2, statut: 'brouillon', lock_version: devis.lockVersion + 1 })
    })
    const draft = await Devis.findOrFail(devis.id)
    const during = await client.get(oldLink).withInertia()
    assert.equal(during.body().props.page.etat, 'remplace')
    assert.isFalse(during.body().props.page.versions.some((v: any) => v.actuelle))
    await changeDevisStatut(systemActor(), {
      devisId: devis.id,
      to: 'envoye',
      lockVersion: draft.lockVersion,
      userId: null,
    })
    const response = await client.get(oldLink).withInertia()
    const page = response.body().props.page
    assert.equal(page.etat, 'remplace')
    assert.equal(page.version, 1)
    assert.equal(page.version_actuelle, 2)
    assert.deepEqual(
      page.versions.map((v: any) => [v.revision, v.actuelle]),
      [
        [1, false],
        [2, true],
      ]
    )
    // The old version's PDF is still there; its accept form is refused in French
    const pdf = await client.get(page.versions[0].pdf_url)
    assert.equal(pdf.header('content-type'), 'application/pdf')
    const current = await Devis.findOrFail(devis.id)
    const accept = await client
      .post(page.urls.accepter)
      .header('referer', oldLink)
      .json(acceptForm(current))
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.deepEqual(fieldErrors(accept)._form, [M.remplace])
    assert.lengthOf(await Bdc.query().where('devis_id', devis.id), 0)
  })

  test('staff rights unchanged: the bdc page cannot record a signature « à distance »', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await sentDevis()
    const { bdc } = await changeDevisStatut(systemActor(), {
      devisId: devis.id,
      to: 'accepte',
      lockVersion: devis.lockVersion,
      userId: null,
    })
    const response = await client
      .post(`/esi/bdc/${bdc!.id}/signature`)
      .loginAs(user)
      .header('referer', `/esi/bdc/${bdc!.id}`)
      .form({ mode: 'dessin', signataire: 'X Y', lieu: 'distance', lock_version: 1 })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    assert.property(fieldErrors(response), 'lieu')
  })
})
