/*
 * Offres are partner data (DESIGN.md §4): a pro sees and changes only the offres of his
 * sociétés — another société's offre does not exist for him (404 everywhere) —, picks only his
 * société's contacts, and staff see only what was transmitted to them, read-only. The partner
 * discount of a société is set by staff, never by the partner himself.
 */
import { test } from '@japa/runner'
import Offre from '#models/offre'
import Societe from '#models/societe'
import { makeUser, withTransaction } from '#tests/helpers'
import { inertiaVisit, send, statusOf } from '#tests/functional/societes/helpers'
import { CONTACT_NOT_ALLOWED, SOCIETE_NOT_ALLOWED } from '#services/offres/offre_service'
import {
  addMember,
  json,
  makeContact,
  makeOffre,
  makeSociete,
  offreBody,
  proWithContact,
} from '#tests/functional/offres/helpers'

const errorsOf = (response: any): Record<string, string> =>
  Object.fromEntries(
    ((response.body().errors ?? []) as { field: string; message: string }[]).map((e) => [
      e.field,
      e.message,
    ])
  )

test.group('Offres / rights', (group) => {
  withTransaction(group)

  test('pro A never sees pro B’s offres: list, pages, writes and actions are 404', async ({
    client,
    assert,
  }) => {
    const a = await proWithContact()
    const b = await proWithContact()
    const mine = await makeOffre(a.societe, a.contact, { auteur: a.pro })
    const hers = await makeOffre(b.societe, b.contact, { auteur: b.pro })
    const hersSent = await makeOffre(b.societe, b.contact, { statut: 'transmise' })

    const list = await inertiaVisit(client, a.pro, '/app/offres')
    assert.equal(list.component, 'offres/Index')
    assert.deepEqual(
      list.props.offres.data.map((o: any) => o.id),
      [mine.id]
    )
    // Filtering on her société finds nothing: the scope still applies
    const sneaky = await inertiaVisit(client, a.pro, `/app/offres?filter[societe]=${b.societe.id}`)
    assert.deepEqual(sneaky.props.offres.data, [])

    for (const target of [hers, hersSent]) {
      for (const page of ['edit', 'preview', 'pdf']) {
        assert.equal(
          await statusOf(client, a.pro, `/app/offres/${target.id}/${page}`),
          404,
          `${page} ${target.statut}`
        )
      }
      const update = await json(client, 'put', `/app/offres/${target.id}`, a.pro, {
        ...offreBody(a.contact.id),
        lock_version: 1,
      })
      update.assertStatus(404)
      for (const action of ['envoyer', 'transmettre']) {
        const response = await send(
          client,
          'post',
          `/app/offres/${target.id}/${action}`,
          a.pro,
          { lock_version: 1 },
          '/app/offres'
        )
        response.assertStatus(404)
      }
    }
    await hers.refresh()
    assert.equal(hers.statut, 'brouillon')
    assert.equal(hers.objet, 'Offre de test')
    assert.isNull(hers.numero)
    // Unknown and malformed ids alike
    for (const id of ['999999', '99999999999']) {
      assert.equal(await statusOf(client, a.pro, `/app/offres/${id}/preview`), 404, id)
    }
    assert.equal(await statusOf(client, a.pro, '/app/offres/abc/preview'), 404)
  })

  test('a contact of another société is refused next to the field, on create and update', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const foreign = await makeContact(await makeSociete('pro'))
    const created = await json(client, 'post', '/app/offres', pro, offreBody(foreign.id))
    created.assertStatus(422)
    assert.deepEqual(errorsOf(created), { contact_id: CONTACT_NOT_ALLOWED })

    // His other société's contact is not this offre's either
    const second = await makeSociete('pro')
    await addMember(second, pro, 'membre')
    const secondContact = await makeContact(second)
    const offre = await makeOffre(societe, contact, { auteur: pro })
    for (const contactId of [foreign.id, secondContact.id, 2_000_000_000]) {
      const response = await json(client, 'put', `/app/offres/${offre.id}`, pro, {
        ...offreBody(contactId),
        lock_version: 1,
      })
      response.assertStatus(422)
      assert.deepEqual(errorsOf(response), { contact_id: CONTACT_NOT_ALLOWED }, String(contactId))
    }
    await offre.refresh()
    assert.equal(offre.contactId, contact.id)
    assert.equal(offre.lockVersion, 1)
  })

  test('the société must be one of his pro sociétés', async ({ client, assert }) => {
    const { pro, contact } = await proWithContact()
    const foreign = await makeSociete('pro')
    const clientSociete = await makeSociete('client')
    await addMember(clientSociete, pro, 'admin')
    for (const societeId of [foreign.id, clientSociete.id]) {
      const response = await json(client, 'post', '/app/offres', pro, {
        ...offreBody(contact.id),
        societe_id: societeId,
      })
      response.assertStatus(422)
      assert.deepEqual(errorsOf(response), { societe_id: SOCIETE_NOT_ALLOWED })
    }
    // A member of a second pro société writes for it with its contacts
    const second = await makeSociete('pro')
    await addMember(second, pro, 'membre')
    const secondContact = await makeContact(second)
    const ok = await json(client, 'post', '/app/offres', pro, {
      ...offreBody(secondContact.id),
      societe_id: second.id,
    })
    ok.assertStatus(201)
    const created = await Offre.findOrFail(ok.body().id)
    assert.equal(created.societeId, second.id)
  })

  test('an ordinary user has no offres area (403); a pro cannot turn an offre into a devis', async ({
    client,
    assert,
  }) => {
    const other = await makeUser('other')
    assert.equal(await statusOf(client, other, '/app/offres'), 403)
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { statut: 'transmise' })
    const response = await send(
      client,
      'post',
      `/app/offres/${offre.id}/devis`,
      pro,
      {},
      '/app/offres'
    )
    response.assertStatus(403)
    await offre.refresh()
    assert.equal(offre.statut, 'transmise')
  })

  test('esi sees only transmitted offres (all sociétés, apporteur shown), read-only', async ({
    client,
    assert,
  }) => {
    const a = await proWithContact()
    const b = await proWithContact()
    const draft = await makeOffre(a.societe, a.contact)
    const sent = await makeOffre(a.societe, a.contact, { statut: 'envoyee' })
    const transmitted = await makeOffre(a.societe, a.contact, { statut: 'transmise' })
    const accepted = await makeOffre(b.societe, b.contact, { statut: 'acceptee' })
    const esi = await makeUser('esi')

    const list = await inertiaVisit(client, esi, '/app/offres?per_page=100')
    const ids = list.props.offres.data.map((o: any) => o.id)
    assert.includeMembers(ids, [transmitted.id, accepted.id])
    assert.notIncludeMembers(ids, [draft.id, sent.id])
    assert.isTrue(list.props.seesTransmitted)
    assert.isFalse(list.props.canCreate)
    assert.equal(
      list.props.offres.data.find((o: any) => o.id === transmitted.id).societe.nom,
      a.societe.nom
    )
    assert.includeMembers(
      list.props.societes.map((s: any) => s.id),
      [a.societe.id, b.societe.id]
    )
    const filtered = await inertiaVisit(
      client,
      esi,
      `/app/offres?filter[societe]=${b.societe.id}&filter[statut]=acceptee`
    )
    assert.deepEqual(
      filtered.props.offres.data.map((o: any) => o.id),
      [accepted.id]
    )

    // Drafts and sent offres do not exist for esi
    for (const hidden of [draft, sent]) {
      assert.equal(await statusOf(client, esi, `/app/offres/${hidden.id}/preview`), 404)
    }
    // The transmitted one: readable, never writable
    const preview = await inertiaVisit(client, esi, `/app/offres/${transmitted.id}/preview`)
    assert.equal(preview.component, 'offres/Preview')
    assert.deepEqual(preview.props.abilities, {
      edit: false,
      envoyer: false,
      transmettre: false,
      to_devis: true,
    })
    assert.equal(await statusOf(client, esi, `/app/offres/${transmitted.id}/pdf`), 200)
    const edit = await client.get(`/app/offres/${transmitted.id}/edit`).loginAs(esi).redirects(0)
    edit.assertStatus(302)
    assert.equal(edit.header('location'), `/app/offres/${transmitted.id}/preview`)
    const update = await json(client, 'put', `/app/offres/${transmitted.id}`, esi, {
      ...offreBody(a.contact.id),
      lock_version: 1,
      objet: 'Modifié par esi',
    })
    update.assertStatus(403)
    for (const action of ['envoyer', 'transmettre']) {
      const response = await send(
        client,
        'post',
        `/app/offres/${transmitted.id}/${action}`,
        esi,
        { lock_version: transmitted.lockVersion },
        '/app/offres'
      )
      response.assertStatus(403)
    }
    await transmitted.refresh()
    assert.equal(transmitted.objet, 'Offre de test')
    assert.equal(transmitted.statut, 'transmise')
  })

  test('an esi seeing the app as a pro is scoped like a pro', async ({ client, assert }) => {
    const { societe, contact } = await proWithContact()
    const transmitted = await makeOffre(societe, contact, { statut: 'transmise' })
    const asPro = await makeUser('esi', { accesRole: 'pro' })
    assert.equal(await statusOf(client, asPro, `/app/offres/${transmitted.id}/preview`), 404)
    const list = await inertiaVisit(client, asPro, '/app/offres')
    assert.deepEqual(list.props.offres.data, [])
  })

  test('the partner discount is set by staff only: a pro admin of his société cannot change it', async ({
    client,
    assert,
  }) => {
    const { pro, societe } = await proWithContact({ role: 'admin', remise: '10' })
    const form = {
      nom: societe.nom,
      type: 'pro',
      pays: 'BE',
      remise_partenaire_pct: '50',
    }
    // Each save sends the version of the société it was made from (optimistic lock)
    const byPro = await send(client, 'put', `/app/company/${societe.id}`, pro, {
      ...form,
      lock_version: societe.lockVersion,
    })
    byPro.assertStatus(302)
    await societe.refresh()
    assert.equal(Number(societe.remisePartenairePct), 10)
    const page = await inertiaVisit(client, pro, `/app/company/${societe.id}/edit`)
    assert.equal(page.props.societe.remise_partenaire_pct, '10')
    assert.isFalse(page.props.canSetRemise)

    const esi = await makeUser('esi')
    const byEsi = await send(client, 'put', `/app/company/${societe.id}`, esi, {
      ...form,
      remise_partenaire_pct: '12,5',
      lock_version: societe.lockVersion,
    })
    byEsi.assertStatus(302)
    await societe.refresh()
    assert.equal(Number(societe.remisePartenairePct), 12.5)
    const esiPage = await inertiaVisit(client, esi, `/app/company/${societe.id}/edit`)
    assert.isTrue(esiPage.props.canSetRemise)
    assert.equal(esiPage.props.societe.remise_partenaire_pct, '12,5')

    // Out of range: refused beside the field, in French
    const bad = await send(client, 'put', `/app/company/${societe.id}`, esi, {
      ...form,
      remise_partenaire_pct: '120',
      lock_version: societe.lockVersion,
    })
    bad.assertStatus(302)
    assert.equal(
      bad.flashMessage('inputErrorsBag')?.remise_partenaire_pct?.[0],
      'Le pourcentage doit être compris entre 0 et 100.'
    )
    const unchanged = await Societe.findOrFail(societe.id)
    assert.equal(Number(unchanged.remisePartenairePct), 12.5)
  })
})
