/*
 * Issue 10: a sent offre is never changed behind the contact's back. Editing it keeps its
 * number and makes a new version (back to brouillon); the version the contact received is
 * frozen in offre_revisions and stays readable as a PDF.
 */
import { test } from '@japa/runner'
import Offre from '#models/offre'
import OffreRevision from '#models/offre_revision'
import { systemActor } from '#services/actor'
import { envoyerOffre } from '#services/offres/offre_envoi'
import { formatEuros } from '#shared/totals'
import { makeUser, withTransaction } from '#tests/helpers'
import { getPdf, normaliseSpaces, pdfText } from '#tests/functional/pdf/pdf_text'
import { json, makeOffre, offreBody, proWithContact } from '#tests/functional/offres/helpers'
import { addMember, makeSociete } from '#tests/functional/societes/helpers'

const money = (cents: number) => normaliseSpaces(formatEuros(cents))

async function sentOffre() {
  const { pro, societe, contact } = await proWithContact()
  const draft = await makeOffre(societe, contact, { auteur: pro })
  const { offre } = await envoyerOffre(systemActor(pro), pro, draft.id, draft.lockVersion)
  return { pro, societe, contact, offre }
}

test.group('Offres / versions of a sent offre', (group) => {
  withTransaction(group)

  test('editing a sent offre makes version 2 (same number, brouillon), version 1 stays readable', async ({
    client,
    assert,
  }) => {
    const { pro, contact, offre } = await sentOffre()
    const sentTotal = offre.totalTtc
    const response = await json(client, 'put', `/app/offres/${offre.id}`, pro, {
      ...offreBody(contact.id),
      objet: 'Deuxième version',
      lock_version: offre.lockVersion,
    })
    response.assertStatus(200)
    assert.equal(response.body().revision, 2)
    assert.equal(response.body().statut, 'brouillon')
    assert.include(response.body().message, 'version envoyée reste consultable')

    const fresh = await Offre.findOrFail(offre.id)
    assert.equal(fresh.numero, offre.numero)
    assert.equal(fresh.revision, 2)
    assert.equal(fresh.statut, 'brouillon')
    assert.notEqual(fresh.totalTtc, sentTotal)
    assert.isNull(fresh.partiesSnapshot)

    const row = await OffreRevision.query().where('offre_id', offre.id).firstOrFail()
    assert.equal(row.revision, 1)
    assert.equal(row.snapshot.totals.total_ttc, sentTotal)
    assert.equal(row.snapshot.header.objet, 'Offre de test')

    const { response: v1, body } = await getPdf(
      client,
      `/app/offres/${offre.id}/versions/1/pdf`,
      pro
    )
    v1.assertStatus(200)
    assert.equal(v1.header('content-type'), 'application/pdf')
    assert.include(v1.header('content-disposition'), `${offre.numero}-v1.pdf`)
    const { text } = await pdfText(body)
    assert.include(text, `TOTAL TTC ${money(sentTotal)}`)
    assert.include(text, 'Version 1, remplacée par une version plus récente')
    assert.include(text, contact.nom)

    // Sent again: same number, version 2; no version 2 in the history yet
    const again = await envoyerOffre(systemActor(pro), pro, offre.id, fresh.lockVersion)
    assert.equal(again.offre.numero, offre.numero)
    assert.equal(again.offre.revision, 2)
    const v2 = await client.get(`/app/offres/${offre.id}/versions/2/pdf`).loginAs(pro)
    v2.assertStatus(404)
  })

  test('a draft is edited in place: no version', async ({ client, assert }) => {
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { auteur: pro })
    const response = await json(client, 'put', `/app/offres/${offre.id}`, pro, {
      ...offreBody(contact.id),
      lock_version: 1,
    })
    response.assertStatus(200)
    assert.equal(response.body().revision, 1)
    assert.equal(response.body().message, 'L’offre est enregistrée.')
    assert.lengthOf(await OffreRevision.query().where('offre_id', offre.id), 0)
  })

  test('a sent offre cannot be changed in place, even by a direct save', async ({ assert }) => {
    const { offre } = await sentOffre()
    const fresh = await Offre.findOrFail(offre.id)
    fresh.objet = 'Changé en douce'
    await assert.rejects(() => fresh.save(), /Ce document est émis/)
  })

  test('the versions are the members’ only: another pro gets a 404', async ({ client }) => {
    const { pro, contact, offre } = await sentOffre()
    await json(client, 'put', `/app/offres/${offre.id}`, pro, {
      ...offreBody(contact.id),
      lock_version: offre.lockVersion,
    }).then((r: any) => r.assertStatus(200))
    const stranger = await makeUser('pro')
    await addMember(await makeSociete('pro'), stranger, 'admin')
    const response = await client
      .get(`/app/offres/${offre.id}/versions/1/pdf`)
      .loginAs(stranger)
      .redirects(0)
    response.assertStatus(404)
  })
})
