/*
 * An offre's life (issue 5): sent to the contact (numbered per société, OFF-YYYY-NNNNN, mailed
 * with its PDF), transmitted to esi (notified), then turned by esi into a devis in one action —
 * the contact becomes a client brought by the pro, the lines are copied, the offre is accepted.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Client from '#models/client'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import Notification from '#models/notification'
import OffreLigne from '#models/offre_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { send } from '#tests/functional/societes/helpers'
import { lastMailTo, mailsTo } from '#tests/auth_helpers'
import { currentYear } from '#services/documents/numbering'
import { NO_EMAIL, NO_PRODUIT } from '#services/offres/offre_service'
import { ALREADY_CONVERTED } from '#services/offres/offre_to_devis'
import { offreMailSubject } from '#mails/offre_mail'
import {
  addMember,
  json,
  makeContact,
  makeOffre,
  proWithContact,
  transmittedOffre,
} from '#tests/functional/offres/helpers'

const unique = (name: string) =>
  `${name}.${Date.now()}${Math.floor(Math.random() * 1e6)}@example.be`

function post(client: any, url: string, user: any, body: Record<string, unknown> = {}) {
  return send(client, 'post', url, user, body, '/app/offres')
}

test.group('Offres / flow', (group) => {
  withTransaction(group)

  test('envoyer numbers each société’s offres apart and mails the PDF to the contact', async ({
    client,
    assert,
  }) => {
    const year = currentYear()
    const a = await proWithContact({ email: unique('a') })
    const b = await proWithContact({ email: unique('b') })
    const a1 = await makeOffre(a.societe, a.contact, { auteur: a.pro })
    const a2 = await makeOffre(a.societe, a.contact, { auteur: a.pro })
    const b1 = await makeOffre(b.societe, b.contact, { auteur: b.pro })

    const response = await post(client, `/app/offres/${a1.id}/envoyer`, a.pro, { lock_version: 1 })
    response.assertStatus(302)
    assert.equal(response.header('location'), `/app/offres/${a1.id}/preview`)
    assert.include(response.flashMessage('success'), `OFF-${year}-00001`)
    await post(client, `/app/offres/${a2.id}/envoyer`, a.pro, { lock_version: 1 }).then((r: any) =>
      r.assertStatus(302)
    )
    await post(client, `/app/offres/${b1.id}/envoyer`, b.pro, { lock_version: 1 }).then((r: any) =>
      r.assertStatus(302)
    )

    for (const o of [a1, a2, b1]) await o.refresh()
    assert.equal(a1.numero, `OFF-${year}-00001`)
    assert.equal(a2.numero, `OFF-${year}-00002`)
    assert.equal(b1.numero, `OFF-${year}-00001`)
    assert.equal(a1.statut, 'envoyee')
    assert.exists(a1.envoyeeLe)
    assert.equal(a1.lockVersion, 2)

    const mail = await lastMailTo(a.contact.email!)
    assert.exists(mail)
    assert.equal(mail!.subject, offreMailSubject(a.societe.nom, `OFF-${year}-00002`))
    assert.include(mail!.text ?? '', 'Amandine Lejeune')
    assert.include(mail!.text ?? '', a.societe.nom)
    // The PDF itself (H2's offrePdf) is parsed back in tests/functional/pdf
    assert.lengthOf(mail!.attachments ?? [], 1)
    assert.equal(mail!.attachments![0].filename, `OFF-${year}-00002.pdf`)
    assert.equal(mail!.attachments![0].contentType, 'application/pdf')
    assert.isAbove(mail!.attachments![0].size, 1000)
    assert.equal(await mailsTo(a.contact.email!), 2)

    const auditRow = await db
      .from('audit_logs')
      .where({ action: 'offre.envoyee', subject_id: String(a1.id) })
      .first()
    assert.equal(auditRow.after.numero, `OFF-${year}-00001`)

    // Sent again after a correction: same number, a new mail
    const again = await post(client, `/app/offres/${a1.id}/envoyer`, a.pro, { lock_version: 2 })
    assert.include(again.flashMessage('success'), 'renvoyée')
    await a1.refresh()
    assert.equal(a1.numero, `OFF-${year}-00001`)
    assert.equal(await mailsTo(a.contact.email!), 3)
  })

  test('envoyer is refused in French without the contact’s e-mail, lines, or with a stale version', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact({ email: null })
    const offre = await makeOffre(societe, contact, { auteur: pro })
    const response = await post(client, `/app/offres/${offre.id}/envoyer`, pro, { lock_version: 1 })
    response.assertStatus(302)
    assert.equal(response.header('location'), `/app/offres/${offre.id}/preview`)
    assert.equal(response.flashMessage('error'), NO_EMAIL)
    await offre.refresh()
    assert.equal(offre.statut, 'brouillon')
    assert.isNull(offre.numero)

    const withMail = await makeContact(societe, { email: unique('c') })
    const empty = await makeOffre(societe, withMail, { auteur: pro })
    await OffreLigne.query().where('offre_id', empty.id).delete()
    const noLine = await post(client, `/app/offres/${empty.id}/envoyer`, pro, { lock_version: 1 })
    assert.equal(noLine.flashMessage('error'), NO_PRODUIT)

    const sent = await makeOffre(societe, withMail, { auteur: pro })
    const stale = await json(client, 'post', `/app/offres/${sent.id}/envoyer`, pro, {
      lock_version: 7,
    })
    stale.assertStatus(409)
    assert.match(stale.body().message, /a été modifiée/)
    await sent.refresh()
    assert.isNull(sent.numero)
    // No version sent is refused too (the optimistic check is never skipped): nothing issued
    const blind = await json(client, 'post', `/app/offres/${sent.id}/envoyer`, pro, {})
    blind.assertStatus(422)
    const blindTransmit = await json(client, 'post', `/app/offres/${sent.id}/transmettre`, pro, {})
    blindTransmit.assertStatus(422)
    await sent.refresh()
    assert.isNull(sent.numero)
    assert.equal(sent.statut, 'brouillon')
    assert.equal(await mailsTo(withMail.email!), 0)
  })

  test('transmettre hands the offre to esi: numbered, transmise, staff notified', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { auteur: pro })
    const response = await post(client, `/app/offres/${offre.id}/transmettre`, pro, {
      lock_version: 1,
    })
    response.assertStatus(302)
    assert.include(response.flashMessage('success'), 'transmise à ESI')
    await offre.refresh()
    assert.equal(offre.statut, 'transmise')
    assert.exists(offre.transmiseLe)
    assert.equal(offre.numero, `OFF-${currentYear()}-00001`)

    const notification = await Notification.query()
      .where('user_id', esi.id)
      .where('type', 'offre.transmise')
      .firstOrFail()
    assert.equal(notification.lien, `/app/offres/${offre.id}/preview`)
    assert.include(notification.titre, societe.nom)
    assert.exists(
      await db
        .from('audit_logs')
        .where({ action: 'offre.transmise', subject_id: String(offre.id) })
        .first()
    )

    // Read-only from now on, and not transmitted twice
    const twice = await post(client, `/app/offres/${offre.id}/transmettre`, pro, {
      lock_version: offre.lockVersion,
    })
    assert.equal(
      twice.flashMessage('error'),
      'Une offre « Transmise » ne peut plus être transmise à ESI.'
    )
    const resend = await post(client, `/app/offres/${offre.id}/envoyer`, pro, {
      lock_version: offre.lockVersion,
    })
    assert.match(resend.flashMessage('error'), /ne peut plus être envoyée/)
  })

  test('esi turns a transmitted offre into a devis in one action', async ({ client, assert }) => {
    const { societe, contact, offre } = await transmittedOffre()
    contact.email = unique('client')
    await contact.save()
    const esi = await makeUser('esi')

    const response = await post(client, `/app/offres/${offre.id}/devis`, esi)
    response.assertStatus(302)
    const devis = await Devis.query().where('offre_id', offre.id).firstOrFail()
    assert.equal(response.header('location'), `/esi/devis/${devis.id}/edit`)
    assert.include(response.flashMessage('success'), 'Le devis est créé depuis l’offre')

    assert.equal(devis.statut, 'brouillon')
    assert.isNull(devis.numero)
    assert.equal(devis.apporteurId, societe.id)
    assert.equal(devis.commercialId, esi.id)
    assert.equal(devis.objet, offre.objet)
    assert.equal(devis.totalHt, offre.totalHt)
    assert.equal(devis.totalTtc, offre.totalTtc)

    const customer = await Client.findOrFail(devis.clientId)
    assert.equal(customer.nom, contact.nom)
    assert.equal(customer.prenom, contact.prenom)
    assert.equal(customer.email, contact.email)
    assert.equal(customer.apporteurId, societe.id)
    assert.equal(devis.clientNom, 'Amandine Lejeune')

    const source = await OffreLigne.query().where('offre_id', offre.id).orderBy('position')
    const copied = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    assert.deepEqual(
      copied.map((l) => l.toData()),
      source.map((l) => l.toData())
    )
    assert.deepEqual(
      copied.map((l) => l.totalHt),
      source.map((l) => l.totalHt)
    )

    await offre.refresh()
    assert.equal(offre.statut, 'acceptee')
    assert.equal(offre.devisId, devis.id)
    const rows = await db
      .from('audit_logs')
      .whereIn('action', ['offre.acceptee', 'devis.created', 'client.created'])
      .where('user_id', esi.id)
    const actions = rows.map((r) => r.action)
    assert.sameMembers(actions, ['offre.acceptee', 'devis.created', 'client.created'])

    // A second conversion (double click, a colleague) is refused; nothing more is created
    const again = await post(client, `/app/offres/${offre.id}/devis`, await makeUser('esi'))
    again.assertStatus(302)
    assert.equal(again.header('location'), `/app/offres/${offre.id}/preview`)
    assert.equal(again.flashMessage('error'), ALREADY_CONVERTED)
    const count = await Devis.query().where('offre_id', offre.id).count('* as n')
    assert.equal(Number(count[0].$extras.n), 1)
    const json409 = await json(client, 'post', `/app/offres/${offre.id}/devis`, esi)
    json409.assertStatus(422)
    assert.equal(json409.body().message, ALREADY_CONVERTED)
  })

  test('an existing client with the contact’s e-mail is reused, not duplicated', async ({
    client,
    assert,
  }) => {
    const { contact, offre } = await transmittedOffre()
    const email = unique('existant')
    contact.email = email
    await contact.save()
    const existing = await Client.create({
      type: 'particulier',
      nom: 'Déjà-Là',
      email: email.toUpperCase(),
      facturationPays: 'BE',
    })
    const before = await Client.query().count('* as n')
    const response = await post(client, `/app/offres/${offre.id}/devis`, await makeUser('esi'))
    response.assertStatus(302)
    const devis = await Devis.query().where('offre_id', offre.id).firstOrFail()
    assert.equal(devis.clientId, existing.idClient)
    const after = await Client.query().count('* as n')
    assert.equal(after[0].$extras.n, before[0].$extras.n)
  })

  test('only a transmitted offre becomes a devis', async ({ client, assert }) => {
    const { pro, societe, contact } = await proWithContact()
    const esi = await makeUser('esi')
    // esi is a member here (he may see the draft), yet a draft is not esi's to convert
    await addMember(societe, esi, 'membre')
    const draft = await makeOffre(societe, contact, { auteur: pro })
    const response = await post(client, `/app/offres/${draft.id}/devis`, esi)
    assert.equal(
      response.flashMessage('error'),
      'Une offre « Brouillon » ne peut pas être transformée en devis.'
    )
    assert.isNull(await Devis.query().where('offre_id', draft.id).first())
  })
})
