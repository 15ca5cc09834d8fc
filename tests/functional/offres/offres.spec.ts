/*
 * The offre editor's server side (issue 5): create and update as JSON (the editor's calls),
 * totals equal to shared/totals.ts computeTotals of the lines, a French message per bad cell,
 * and the optimistic lock (409 with who/when, nothing written).
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Offre from '#models/offre'
import OffreLigne from '#models/offre_ligne'
import { makeUser, withTransaction } from '#tests/helpers'
import { inertiaVisit, send, fieldErrors } from '#tests/functional/societes/helpers'
import { ProduitFactory } from '#database/factories/produit_factory'
import { computeTotals } from '#shared/totals'
import { parseMoney } from '#shared/money'
import type { LigneForm } from '#shared/devis'
import {
  addMember,
  json,
  makeContact,
  makeOffre,
  makeSociete,
  offreBody,
  proWithContact,
} from '#tests/functional/offres/helpers'

/** What computeTotals gives for an editor body (the browser's figures). */
function expectedTotals(body: ReturnType<typeof offreBody>) {
  return computeTotals({
    lignes: (body.lignes as LigneForm[]).map((l) => ({
      type: l.type,
      quantite: l.quantite,
      prix_unitaire_ht: l.type === 'produit' ? parseMoney(l.prix_unitaire_ht) : null,
      remise_pct: l.remise_pct,
      taux_tva: l.taux_tva,
    })),
    remise_globale_pct: body.remise_globale_pct as string,
  })
}

const errorsOf = (response: any): Record<string, string> =>
  Object.fromEntries(
    ((response.body().errors ?? []) as { field: string; message: string }[]).map((e) => [
      e.field,
      e.message,
    ])
  )

test.group('Offres / editor', (group) => {
  withTransaction(group)

  test('a pro creates an offre: brouillon, no number, totals = computeTotals', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const body = offreBody(contact.id)
    const response = await json(client, 'post', '/app/offres', pro, body)
    response.assertStatus(201)
    const { id, url } = response.body()
    assert.equal(url, `/app/offres/${id}/edit`)

    const offre = await Offre.findOrFail(id)
    const expected = expectedTotals(body)
    assert.equal(offre.societeId, societe.id)
    assert.equal(offre.auteurId, pro.id)
    assert.equal(offre.statut, 'brouillon')
    assert.isNull(offre.numero)
    assert.equal(offre.lockVersion, 1)
    assert.equal(offre.totalHt, expected.total_ht)
    assert.equal(offre.totalTva, expected.total_tva)
    assert.equal(offre.totalTtc, expected.total_ttc)
    assert.deepEqual(offre.tvaDetail, expected.tva)
    // 2 × 450 at 6 % + 3.5 h × 55 − 10 % at 21 %, then − 5 %
    assert.equal(expected.total_brut_ht, 90_000 + 17_325)

    const lignes = await OffreLigne.query().where('offre_id', id).orderBy('position')
    assert.deepEqual(
      lignes.map((l) => [l.position, l.type, l.totalHt]),
      [
        [1, 'section', null],
        [2, 'produit', 90_000],
        [3, 'produit', 17_325],
        [4, 'sous_total', 107_325],
      ]
    )
    assert.equal(lignes[2].quantite, '3.500')
    assert.equal(lignes[2].prixUnitaireHt, 5_500)
    const auditRow = await db
      .from('audit_logs')
      .where({ action: 'offre.created', subject_id: String(id) })
      .first()
    assert.exists(auditRow)
  })

  test('an update replaces lines and header, bumps the version, totals follow', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { auteur: pro })
    const other = await makeContact(societe, { nom: 'Second' })
    const body = offreBody(other.id, {
      lock_version: 1,
      objet: 'Nouvel objet',
      remise_globale_pct: '0',
      lignes: [
        {
          type: 'produit',
          produit_id: null,
          designation: 'Porte d’entrée',
          quantite: '1',
          unite: 'piece',
          prix_unitaire_ht: '1 234,56',
          remise_pct: '12,5',
          taux_tva: 21,
        },
      ],
    })
    const response = await json(client, 'put', `/app/offres/${offre.id}`, pro, body)
    response.assertStatus(200)
    assert.equal(response.body().lock_version, 2)

    await offre.refresh()
    const expected = expectedTotals(body)
    assert.equal(offre.objet, 'Nouvel objet')
    assert.equal(offre.contactId, other.id)
    assert.equal(offre.lockVersion, 2)
    assert.equal(offre.totalTtc, expected.total_ttc)
    assert.equal(response.body().total_ttc, expected.total_ttc)
    // 1 234,56 − 12,5 % = 1 080,24 ; TVA 21 % = 226,85
    assert.equal(offre.totalHt, 108_024)
    assert.equal(offre.totalTva, 22_685)
    const lignes = await OffreLigne.query().where('offre_id', offre.id)
    assert.lengthOf(lignes, 1)
    assert.equal(lignes[0].remisePct, '12.50')
  })

  test('a stale version is refused with 409 and a French message; nothing is written', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { auteur: pro })
    const first = await json(client, 'put', `/app/offres/${offre.id}`, pro, {
      ...offreBody(contact.id),
      lock_version: 1,
      objet: 'Premier enregistrement',
    })
    first.assertStatus(200)

    // A colleague still has version 1 open
    const { pro: colleague } = await proWithContact()
    await addMember(societe, colleague, 'membre')
    const stale = await json(client, 'put', `/app/offres/${offre.id}`, colleague, {
      ...offreBody(contact.id),
      lock_version: 1,
      objet: 'Écrasement',
    })
    stale.assertStatus(409)
    assert.match(stale.body().message, /a été modifiée par .+ depuis que vous l’avez ouverte/)
    assert.include(stale.body().message, pro.name)
    await offre.refresh()
    assert.equal(offre.objet, 'Premier enregistrement')
    assert.equal(offre.lockVersion, 2)
  })

  test('bad cells are refused one by one, in French, and nothing is saved', async ({
    client,
    assert,
  }) => {
    const { pro, contact } = await proWithContact()
    const before = await Offre.query().count('* as n')
    const body = offreBody(contact.id, {
      objet: '',
      valable_jusqu_au: '2026-10-01',
      lignes: [
        {
          type: 'produit',
          produit_id: null,
          designation: '',
          quantite: '2,5555',
          unite: 'piece',
          prix_unitaire_ht: '12,345',
          remise_pct: '150',
          taux_tva: 21,
        },
        {
          type: 'produit',
          produit_id: null,
          designation: 'Sans TVA',
          quantite: '1',
          unite: 'piece',
          prix_unitaire_ht: 'abc',
          remise_pct: '0',
          taux_tva: 7,
        },
      ],
    })
    const response = await json(client, 'post', '/app/offres', pro, body)
    response.assertStatus(422)
    const errors = errorsOf(response)
    assert.equal(errors['objet'], 'Saisissez l’objet de l’offre.')
    assert.equal(errors['lignes.0.quantite'], 'Quantité invalide : au plus 3 décimales (ex. 2,5).')
    assert.equal(errors['lignes.0.prix_unitaire_ht'], 'Un montant a au plus deux décimales.')
    assert.equal(errors['lignes.0.remise_pct'], 'Le pourcentage doit être compris entre 0 et 100.')
    assert.equal(
      errors['lignes.1.prix_unitaire_ht'],
      'Montant invalide : utilisez par exemple 1 234,56.'
    )
    assert.equal(errors['lignes.1.taux_tva'], 'Taux de TVA invalide : 21, 12, 6 ou 0 %.')

    // Cells VineJS accepts, refused by the line rules and the dates
    const second = await json(
      client,
      'post',
      '/app/offres',
      pro,
      offreBody(contact.id, {
        valable_jusqu_au: '2026-10-01',
        lignes: [
          {
            type: 'produit',
            produit_id: null,
            designation: '',
            quantite: '1',
            unite: 'piece',
            prix_unitaire_ht: '10',
            remise_pct: '0',
            taux_tva: null,
          },
          {
            type: 'section',
            produit_id: null,
            designation: '',
            quantite: '',
            unite: null,
            prix_unitaire_ht: '',
            remise_pct: '0',
            taux_tva: null,
          },
        ],
      })
    )
    second.assertStatus(422)
    assert.deepEqual(errorsOf(second), {
      'lignes.0.designation': 'Saisissez une désignation.',
      'lignes.0.taux_tva': 'Choisissez un taux de TVA.',
      'lignes.1.designation': 'Saisissez une désignation.',
      valable_jusqu_au: 'La date de validité ne peut pas précéder la date de l’offre.',
    })
    const after = await Offre.query().count('* as n')
    assert.equal(after[0].$extras.n, before[0].$extras.n)
  })

  test('a form post (no JSON) gets its errors flashed beside the fields', async ({
    client,
    assert,
  }) => {
    const { pro } = await proWithContact()
    const response = await send(
      client,
      'post',
      '/app/offres',
      pro,
      { objet: '' },
      '/app/offres/create'
    )
    response.assertStatus(302)
    assert.equal(response.header('location'), '/app/offres/create')
    const errors = fieldErrors(response)
    assert.equal(errors.contact_id?.[0], 'Choisissez le contact à qui s’adresse l’offre.')
  })

  test('a transmitted offre is read-only: its update is refused, its edit page shows the document', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const offre = await makeOffre(societe, contact, { statut: 'transmise', auteur: pro })
    const response = await json(client, 'put', `/app/offres/${offre.id}`, pro, {
      ...offreBody(contact.id),
      lock_version: 1,
    })
    response.assertStatus(422)
    assert.equal(response.body().message, 'Une offre « Transmise » ne peut plus être modifiée.')
    const edit = await client.get(`/app/offres/${offre.id}/edit`).loginAs(pro).redirects(0)
    edit.assertStatus(302)
    assert.equal(edit.header('location'), `/app/offres/${offre.id}/preview`)
  })

  test('the create page offers his pro sociétés (first by name as default) and their contacts', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const second = await makeSociete('pro', { nom: 'AAA Rénovation' })
    await addMember(second, pro, 'membre')
    const clientSociete = await makeSociete('client')
    await addMember(clientSociete, pro, 'admin')
    const secondContact = await makeContact(second, { nom: 'Autre' })

    const page = await inertiaVisit(client, pro, `/app/offres/create?contact_id=${contact.id}`)
    assert.equal(page.component, 'offres/Create')
    assert.deepEqual(
      page.props.societes.map((s: any) => s.id),
      [second.id, societe.id]
    )
    assert.sameMembers(
      page.props.contacts.map((c: any) => c.id),
      [contact.id, secondContact.id]
    )
    assert.equal(page.props.defaults.societe_id, societe.id)
    assert.equal(page.props.defaults.contact_id, contact.id)

    // Without a société to write for: back to the list, in French
    const nobody = await makeUser('pro')
    const response = await client.get('/app/offres/create').loginAs(nobody).redirects(0)
    response.assertStatus(302)
    assert.equal(response.header('location'), '/app/offres')
    assert.match(String(response.flashMessage('error')), /aucune société partenaire/)
  })

  test('the edit page brings the lines as typed text, the société’s contacts and the abilities', async ({
    client,
    assert,
  }) => {
    const { pro, societe, contact } = await proWithContact()
    const foreign = await makeContact(await makeSociete('pro'))
    const offre = await makeOffre(societe, contact, { auteur: pro })
    const page = await inertiaVisit(client, pro, `/app/offres/${offre.id}/edit`)
    assert.equal(page.component, 'offres/Edit')
    assert.equal(page.props.offre.lock_version, 1)
    assert.deepEqual(
      page.props.offre.lignes.map((l: any) => [l.type, l.quantite, l.prix_unitaire_ht]),
      [
        ['section', '', ''],
        ['produit', '2', '450,00'],
        ['produit', '3,5', '55,00'],
      ]
    )
    assert.notInclude(
      page.props.contacts.map((c: any) => c.id),
      foreign.id
    )
    assert.deepEqual(page.props.abilities, {
      edit: true,
      envoyer: true,
      transmettre: true,
      to_devis: false,
    })
  })

  test('the catalogue search gives partner prices of active products, never purchase prices', async ({
    client,
    assert,
  }) => {
    const { pro, societe } = await proWithContact({ remise: '12.5' })
    const actif = await ProduitFactory.merge({
      libelle: 'Châssis alu offre-test',
      prixVenteHt: 99_999,
      prixAchat: 50_000,
    }).create()
    await ProduitFactory.merge({ libelle: 'Châssis bois offre-test', actif: false }).create()

    const response = await json(
      client,
      'get',
      `/app/offres/produits?q=offre-test&societe_id=${societe.id}`,
      pro
    )
    response.assertStatus(200)
    const produits = response.body().produits
    assert.deepEqual(
      produits.map((p: any) => p.id),
      [actif.id]
    )
    // 999,99 − 12,5 % = 874,99125 → 874,99
    assert.equal(produits[0].prix_partenaire_ht, 87_499)
    assert.equal(produits[0].prix_catalogue_ht, 99_999)
    assert.notProperty(produits[0], 'prix_achat')
    assert.notInclude(JSON.stringify(response.body()), '50000')

    // Another société's discount is not his to ask for
    const foreign = await makeSociete('pro')
    const refused = await json(client, 'get', `/app/offres/produits?societe_id=${foreign.id}`, pro)
    refused.assertStatus(404)
  })
})
