/*
 * The devis life cycle through HTTP (POST /esi/devis/:id/statut): every transition of
 * shared/devis.ts allowed or refused, the number given at the first send only, the bdc created
 * with a frozen copy on acceptance, the cancellation motif, audit rows, the revision made when a
 * sent devis is edited (old version readable), duplicate, and deleting a draft (admin).
 */
import { test } from '@japa/runner'
import { todayIso } from '#shared/dates'
import db from '@adonisjs/lucid/services/db'
import Devis from '#models/devis'
import Bdc from '#models/bdc'
import BdcLigne from '#models/bdc_ligne'
import DevisLigne from '#models/devis_ligne'
import DevisRevision from '#models/devis_revision'
import AuditLog from '#models/audit_log'
import Client from '#models/client'
import Texte from '#models/texte'
import { formatEuros } from '#shared/totals'
import { makeUser, recentProofs, withTransaction } from '#tests/helpers'
import { clearKeptMails, lastMailTo } from '#tests/auth_helpers'
import { currentYear } from '#services/documents/numbering'
import { DEVIS_STATUTS, type DevisStatut } from '#shared/devis'
import { DEVIS_TRANSITIONS } from '#shared/machines/devis'
import { MAIL_FAILED_WARNING, NO_EMAIL_MESSAGE } from '#services/devis/devis_send'
import {
  api,
  devisBody,
  ligne,
  makeClient,
  makeDevis,
  visit,
  devisField,
} from '#tests/functional/devis/editor_helpers'

/** The shortest path of allowed transitions from brouillon to each statut. */
const PATH_TO: Record<DevisStatut, DevisStatut[]> = {
  brouillon: [],
  envoye: ['envoye'],
  accepte: ['envoye', 'accepte'],
  refuse: ['envoye', 'refuse'],
  expire: ['envoye', 'expire'],
  annule: ['annule'],
}

async function statut(client: any, user: any, devis: Devis, to: string, motif?: string) {
  const fresh = await Devis.findOrFail(devis.id)
  return api(client.post(`/esi/devis/${devis.id}/statut`), user).json({
    to,
    lock_version: fresh.lockVersion,
    ...(motif !== undefined ? { motif } : {}),
  })
}

async function bring(client: any, user: any, devis: Devis, target: DevisStatut) {
  for (const step of PATH_TO[target]) {
    const r = await statut(client, user, devis, step, step === 'annule' ? 'Doublon' : undefined)
    r.assertStatus(200)
  }
}

test.group('Devis life cycle / transitions', (group) => {
  withTransaction(group)

  for (const from of DEVIS_STATUTS) {
    test(`from ${from}: allowed ${DEVIS_TRANSITIONS[from].join(', ') || 'none'}; the others refused`, async ({
      client,
      assert,
    }) => {
      const user = await makeUser('esi')
      for (const to of DEVIS_STATUTS) {
        const devis = await makeDevis(user)
        await bring(client, user, devis, from)
        const before = await Devis.findOrFail(devis.id)
        assert.equal(before.statut, from)
        const response = await statut(
          client,
          user,
          devis,
          to,
          to === 'annule' ? 'Erreur de prix' : undefined
        )
        const after = await Devis.findOrFail(devis.id)
        if (DEVIS_TRANSITIONS[from].includes(to)) {
          response.assertStatus(200)
          assert.equal(after.statut, to, `${from} → ${to}`)
          assert.equal(after.lockVersion, before.lockVersion + 1)
          const row = await AuditLog.query()
            .where('action', `devis.${to}`)
            .where('subject_id', String(devis.id))
            .first()
          assert.isNotNull(row, `audit of ${from} → ${to}`)
        } else {
          response.assertStatus(422)
          assert.match(response.body().message, /ne peut pas passer à/)
          assert.equal(after.statut, from)
          assert.equal(after.lockVersion, before.lockVersion)
        }
      }
    })
  }

  test('a page visit refused gets the French message as a toast, back on the editor', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const response = await visit(client.post(`/esi/devis/${devis.id}/statut`), user)
      .header('Referer', `/esi/devis/${devis.id}/edit`)
      .json({ to: 'accepte', lock_version: devis.lockVersion })
    response.assertStatus(302)
    assert.match(
      response.flashMessage('error') as string,
      /« Brouillon » ne peut pas passer à « Accepté »/
    )
  })
})

test.group('Devis life cycle / send, accept, cancel', (group) => {
  withTransaction(group)
  group.each.setup(() => clearKeptMails())

  test('the number is given at the first send only (DEV-YYYY-NNNNN) and kept by revisions', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const sent = await statut(client, user, devis, 'envoye')
    sent.assertStatus(200)
    const numero = (await devisField(devis.id, 'numero'))!
    assert.match(numero, new RegExp(`^DEV-${currentYear()}-\\d{5}$`))
    assert.equal(sent.body().numero, numero)

    // Edited after sending: new revision, back to brouillon, same number; sent again: same number
    const c = await Client.findOrFail(devis.clientId)
    const fresh = await Devis.findOrFail(devis.id)
    const edit = await api(client.put(`/esi/devis/${devis.id}`), user).json(
      devisBody(c, { lock_version: fresh.lockVersion })
    )
    edit.assertStatus(200)
    const revised = await Devis.findOrFail(devis.id)
    assert.equal(revised.statut, 'brouillon')
    assert.equal(revised.revision, 2)
    assert.equal(revised.numero, numero)
    await statut(client, user, devis, 'envoye').then((r: any) => r.assertStatus(200))
    assert.equal(await devisField(devis.id, 'numero'), numero)

    // A draft never sent has no number
    const other = await makeDevis(user)
    assert.isNull(await devisField(other.id, 'numero'))
  })

  test('sending mails the client the PDF, subject and body from the email_devis Texte', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi', { name: 'Sophie Lambert' })
    await Texte.create({
      code: 'email_envoi_devis',
      titre: 'Envoi du devis',
      categorie: 'email_devis',
      contenu:
        'Bonjour {{client.civilite}} {{client.nom}},\n\nNotre devis n° {{devis.numero}} : {{devis.montant_ttc}} TVAC.\n\n{{user.nom}}',
      version: 1,
    })
    const c = await makeClient({ email: 'anne@lambert.be', civilite: 'Mme', nom: 'Lambert' })
    const devis = await makeDevis(user, c)
    const response = await visit(client.post(`/esi/devis/${devis.id}/statut`), user).json({
      to: 'envoye',
      lock_version: devis.lockVersion,
    })
    response.assertStatus(302)
    const sent = await Devis.findOrFail(devis.id)
    assert.equal(sent.statut, 'envoye')
    assert.match(response.flashMessage('success') as string, /envoyé au client par e-mail/)
    const mail = await lastMailTo('anne@lambert.be')
    assert.isNotNull(mail)
    assert.include(mail!.subject, sent.numero!)
    // The text, then the customer's signed link to accept online (decision 491)
    const [text, lien] = mail!.text!.split('\n\nConsulter, accepter et signer le devis en ligne : ')
    assert.equal(
      text,
      `Bonjour Mme Lambert,\n\nNotre devis n° ${sent.numero} : ${formatEuros(sent.totalTtc)} TVAC.\n\nSophie Lambert`
    )
    assert.include(lien, `/devis/${sent.publicId}/1?signature=`)
    assert.lengthOf(mail!.attachments ?? [], 1)
    assert.equal(mail!.attachments![0].filename, `${sent.numero}.pdf`)
    assert.equal(mail!.attachments![0].contentType, 'application/pdf')
    assert.isAbove(mail!.attachments![0].size, 1000)
  })

  test('a mail that cannot go out does not undo the send: warning toast', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const c = await makeClient({ email: 'marc@exemple.be' })
    const devis = await makeDevis(user, c)
    // Stored totals that no longer match the lines: the PDF refuses to print them
    await db.from('devis').where('id', devis.id).update({ total_ttc: 1 })
    const response = await visit(client.post(`/esi/devis/${devis.id}/statut`), user).json({
      to: 'envoye',
      lock_version: devis.lockVersion,
    })
    response.assertStatus(302)
    assert.equal(response.flashMessage('warning'), MAIL_FAILED_WARNING)
    const sent = await Devis.findOrFail(devis.id)
    assert.equal(sent.statut, 'envoye')
    assert.isNotNull(sent.numero)
    assert.isNull(await lastMailTo('marc@exemple.be'))
  })

  test('a client without e-mail: the send is refused in French, nothing changes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const c = await makeClient({ email: null })
    const devis = await makeDevis(user, c)
    const response = await statut(client, user, devis, 'envoye')
    response.assertStatus(422)
    assert.equal(response.body().message, NO_EMAIL_MESSAGE)
    const after = await Devis.findOrFail(devis.id)
    assert.equal(after.statut, 'brouillon')
    assert.isNull(after.numero)
  })

  test('a devis without produit line cannot be sent', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user, undefined, [
      ligne({ type: 'texte', designation: 'Rien', quantite: '', prix_unitaire_ht: '' }),
    ])
    const response = await statut(client, user, devis, 'envoye')
    response.assertStatus(422)
    assert.match(response.body().message, /au moins une ligne de produit/)
  })

  test('accepting creates the bdc with a frozen copy of the lines and totals', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user, undefined, [
      ligne(),
      ligne({ type: 'sous_total', designation: '', quantite: '', prix_unitaire_ht: '' }),
      ligne({ quantite: '1,5', prix_unitaire_ht: '99,99', taux_tva: 6, remise_pct: '5' }),
    ])
    await bring(client, user, devis, 'envoye')
    const response = await statut(client, user, devis, 'accepte')
    response.assertStatus(200)
    const accepted = await Devis.findOrFail(devis.id)
    const bdc = await Bdc.findByOrFail('devis_id', devis.id)
    assert.deepEqual(response.body().bdc, { id: bdc.id, numero: bdc.numero })
    assert.match(bdc.numero, /^BDC-\d{4}-\d{5}$/)
    assert.equal(bdc.totalTtc, accepted.totalTtc)
    assert.equal(bdc.totalHt, accepted.totalHt)
    assert.equal(bdc.acompte, accepted.acompte)
    assert.deepEqual(bdc.tvaDetail, accepted.tvaDetail)
    const src = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    const copy = await BdcLigne.query().where('bdc_id', bdc.id).orderBy('position')
    assert.deepEqual(
      copy.map((l) => l.toData()),
      // A bdc has no options (decision 483): the devis's option switches are not copied
      src.map((l) => {
        const { optionnel, retenue, ...firm } = l.toData()
        return firm
      })
    )
    assert.deepEqual(
      copy.map((l) => l.totalHt),
      src.map((l) => l.totalHt)
    )
    assert.isNotNull(accepted.accepteLe)

    // The Edit page is read-only and links the bdc
    const page = await client.get(`/esi/devis/${devis.id}/edit`).loginAs(user).withInertia()
    assert.isTrue(page.body().props.readOnly)
    assert.deepEqual(page.body().props.bdc, { id: bdc.id, numero: bdc.numero })
    assert.deepEqual(page.body().props.transitions, [])
    // And its content can no longer be saved
    const c = await Client.findOrFail(devis.clientId)
    const save = await api(client.put(`/esi/devis/${devis.id}`), user).json(
      devisBody(c, { lock_version: accepted.lockVersion })
    )
    save.assertStatus(422)
    assert.match(save.body().message, /« Accepté » ne peut plus être modifié/)
  })

  test('cancelling needs a motif, which is stored and audited', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const none = await statut(client, user, devis, 'annule')
    none.assertStatus(422)
    assert.equal(none.body().message, 'Indiquez le motif d’annulation.')
    const blank = await statut(client, user, devis, 'annule', '   ')
    blank.assertStatus(422)
    const ok = await statut(client, user, devis, 'annule', 'Autre : le client a déménagé')
    ok.assertStatus(200)
    const after = await Devis.findOrFail(devis.id)
    assert.equal(after.motifAnnulation, 'Autre : le client a déménagé')
    const row = await AuditLog.query()
      .where('action', 'devis.annule')
      .where('subject_id', String(devis.id))
      .firstOrFail()
    assert.equal((row.after as any).motif, 'Autre : le client a déménagé')
  })
})

test.group('Devis life cycle / revisions, duplicate, delete', (group) => {
  withTransaction(group)

  test('editing a sent devis keeps the sent version readable as a revision', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    await bring(client, user, devis, 'envoye')
    const sent = await Devis.findOrFail(devis.id)
    const page = await client.get(`/esi/devis/${devis.id}/edit`).loginAs(user).withInertia()
    assert.isTrue(page.body().props.revisable)
    assert.isFalse(page.body().props.readOnly)

    const c = await Client.findOrFail(devis.clientId)
    const response = await visit(client.put(`/esi/devis/${devis.id}`), user).json(
      devisBody(c, { lock_version: sent.lockVersion, objet: 'Objet revu' })
    )
    response.assertStatus(303)
    assert.match(response.flashMessage('success') as string, /rév\. 2/)
    const revision = await DevisRevision.query().where('devis_id', devis.id).firstOrFail()
    assert.equal(revision.revision, 1)
    const snap = revision.snapshot as any
    assert.equal(snap.header.numero, sent.numero)
    assert.equal(snap.header.statut, 'envoye')
    assert.equal(snap.header.objet, 'Devis de test')
    assert.equal(snap.totals.total_ttc, sent.totalTtc)
    assert.lengthOf(snap.lignes, 1)
    assert.equal(snap.lignes[0].total_ht, 246912)
    assert.isNotNull(
      await AuditLog.query()
        .where('action', 'devis.revised')
        .where('subject_id', String(devis.id))
        .first()
    )

    const old = await client.get(`/esi/devis/${devis.id}/revisions/1`).loginAs(user).withInertia()
    old.assertStatus(200)
    old.assertInertiaComponent('esi/devis/Edit')
    const props = old.body().props
    assert.isTrue(props.readOnly)
    assert.equal(props.viewingRevision, 1)
    assert.equal(props.devis.form.objet, 'Devis de test')
    assert.equal(props.devis.total_ttc, sent.totalTtc)
    assert.equal(props.revisions[0].url, `/esi/devis/${devis.id}/revisions/1`)

    const missing = await client
      .get(`/esi/devis/${devis.id}/revisions/7`)
      .loginAs(user)
      .withInertia()
    missing.assertStatus(404)
  })

  test('duplicate: a new draft without number, today, same lines', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user, undefined, [ligne(), ligne({ designation: 'Autre' })])
    await bring(client, user, devis, 'envoye')
    const response = await visit(client.post(`/esi/devis/${devis.id}/duplicate`), user)
    response.assertStatus(302)
    const copy = await Devis.query().whereNot('id', devis.id).firstOrFail()
    response.assertHeader('location', `/esi/devis/${copy.id}/edit`)
    assert.equal(copy.statut, 'brouillon')
    assert.isNull(copy.numero)
    assert.equal(copy.revision, 1)
    assert.equal(copy.totalTtc, devis.totalTtc)
    // Today in Brussels, the app's day (UTC is still yesterday between 23:00 and midnight)
    assert.equal(copy.dateDevis.toISODate(), todayIso())
    assert.lengthOf(await DevisLigne.query().where('devis_id', copy.id), 2)
    const row = await AuditLog.query().where('action', 'devis.duplicated').firstOrFail()
    assert.equal((row.after as any).source_id, devis.id)
  })

  test('deleting: admin only, a draft never sent only', async ({ client, assert }) => {
    const admin = await makeUser('esi', { droitsAccordes: ['admin'], droit: 'admin' })
    const user = await makeUser('esi')
    const draft = await makeDevis(user)
    const plain = await visit(client.delete(`/esi/devis/${draft.id}`), user)
    plain.assertStatus(403)

    const sent = await makeDevis(user)
    await bring(client, user, sent, 'envoye')
    const refused = await api(client.delete(`/esi/devis/${sent.id}`), admin).withSession(
      recentProofs()
    )
    refused.assertStatus(422)
    assert.match(refused.body().message, /Seul un brouillon jamais envoyé/)
    const ok = await visit(client.delete(`/esi/devis/${draft.id}`), admin).withSession(
      recentProofs()
    )
    ok.assertStatus(303)
    assert.isNotNull(
      await AuditLog.query()
        .where('action', 'devis.deleted')
        .where('subject_id', String(draft.id))
        .first()
    )
    assert.isNull(await Devis.find(draft.id))
  })
})
