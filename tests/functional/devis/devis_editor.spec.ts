/*
 * The devis editor through HTTP: create, update, totals stored = computeTotals of the posted
 * lines, French errors per line cell, mass assignment ignored, the pickers' JSON and the inline
 * client creation.
 */
import { test } from '@japa/runner'
import Devis from '#models/devis'
import DevisLigne from '#models/devis_ligne'
import AuditLog from '#models/audit_log'
import Client from '#models/client'
import { makeUser, withTransaction } from '#tests/helpers'
import { computeTotals } from '#shared/totals'
import { parseMoney } from '#shared/money'
import { DEVIS_ERRORS } from '#validators/devis'
import { SocieteFactory } from '#database/factories/societe_factory'
import {
  api,
  devisBody,
  ligne,
  makeClient,
  makeDevis,
  makeProduit,
  visit,
  without,
} from '#tests/functional/devis/editor_helpers'

test.group('Devis editor / create and update', (group) => {
  withTransaction(group)

  test('the create page has the defaults; a devis is created and its totals stored', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const c = await makeClient()
    const page = await client
      .get(`/esi/devis/create?client=${c.idClient}`)
      .loginAs(user)
      .withInertia()
    page.assertStatus(200)
    page.assertInertiaComponent('esi/devis/Create')
    const props = page.body().props
    assert.equal(props.form.client_id, c.idClient)
    assert.equal(props.form.commercial_id, user.id)
    assert.equal(props.form.acompte_pct, '30')
    assert.lengthOf(props.form.lignes, 1)

    const body = devisBody(c)
    const response = await visit(client.post('/esi/devis'), user).json(body)
    const devis = await Devis.query().where('client_id', c.idClient).firstOrFail()
    response.assertStatus(302)
    response.assertHeader('location', `/esi/devis/${devis.id}/edit`)
    assert.equal(devis.statut, 'brouillon')
    assert.isNull(devis.numero)
    assert.equal(devis.commercialId, user.id)
    assert.equal(devis.acomptePct, '30.00')
    const lignes = await DevisLigne.query().where('devis_id', devis.id).orderBy('position')
    assert.deepEqual(
      lignes.map((l) => l.type),
      ['section', 'produit', 'produit', 'sous_total', 'texte']
    )
    const expected = computeTotals({
      lignes: body.lignes.map((l) => ({
        ...l,
        prix_unitaire_ht: l.type === 'produit' ? parseMoney(l.prix_unitaire_ht) : null,
      })),
      remise_globale_pct: '0',
      acompte_pct: '30',
    })
    assert.equal(devis.totalHt, expected.total_ht)
    assert.equal(devis.totalTva, expected.total_tva)
    assert.equal(devis.totalTtc, expected.total_ttc)
    assert.equal(devis.acompte, expected.acompte)
    assert.deepEqual(devis.tvaDetail, expected.tva)
    assert.deepEqual(
      lignes.map((l) => l.totalHt),
      expected.lignes.map((l) => l.total_ht)
    )
    // 2 × 1 234,56 = 2 469,12 at 21 %; 2 500 at 6 %; sub-total of both
    assert.equal(lignes[1].totalHt, 246912)
    assert.equal(lignes[3].totalHt, 246912 + 250000)
    assert.equal(devis.clientNom, `${c.civilite} ${c.prenom} ${c.nom}`)
    assert.isTrue(
      Boolean(
        await AuditLog.query()
          .where('action', 'devis.created')
          .where('subject_id', String(devis.id))
          .first()
      )
    )

    const edit = await client.get(`/esi/devis/${devis.id}/edit`).loginAs(user).withInertia()
    edit.assertInertiaComponent('esi/devis/Edit')
    const shown = edit.body().props.devis
    assert.equal(shown.form.lignes[1].prix_unitaire_ht, '1234,56')
    assert.equal(shown.form.lignes[1].quantite, '2')
    assert.equal(shown.total_ttc, expected.total_ttc)
    assert.isFalse(edit.body().props.readOnly)
    assert.deepEqual(edit.body().props.transitions, ['envoye', 'annule'])
  })

  test('update with a global discount and line discounts: stored = computeTotals', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const devis = await makeDevis(user)
    const c = await Client.findOrFail(devis.clientId)
    const lignes = [
      ligne({ quantite: '3,333', prix_unitaire_ht: '19,99', remise_pct: '12,5' }),
      ligne({ quantite: '0,5', prix_unitaire_ht: '0,01', taux_tva: 6 }),
      ligne({ quantite: '1', prix_unitaire_ht: '1 000', taux_tva: 0 }),
    ]
    const response = await api(client.put(`/esi/devis/${devis.id}`), user).json(
      devisBody(c, {
        lock_version: devis.lockVersion,
        lignes,
        remise_globale_pct: '7,5',
        acompte_pct: '25',
      })
    )
    response.assertStatus(200)
    const stored = await Devis.findOrFail(devis.id)
    const expected = computeTotals({
      lignes: lignes.map((l) => ({ ...l, prix_unitaire_ht: parseMoney(l.prix_unitaire_ht) })),
      remise_globale_pct: '7,5',
      acompte_pct: '25',
    })
    assert.equal(stored.totalTtc, expected.total_ttc)
    assert.equal(stored.totalHt, expected.total_ht)
    assert.equal(stored.acompte, expected.acompte)
    assert.equal(stored.remiseGlobalePct, '7.50')
    assert.equal(stored.lockVersion, devis.lockVersion + 1)
    assert.equal(response.body().lock_version, devis.lockVersion + 1)
    assert.lengthOf(await DevisLigne.query().where('devis_id', devis.id), 3)
    assert.isTrue(
      Boolean(
        await AuditLog.query()
          .where('action', 'devis.updated')
          .where('subject_id', String(devis.id))
          .first()
      )
    )
  })

  test('errors are French and keyed by line cell; nothing is written', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const c = await makeClient()
    const body = devisBody(c, {
      objet: '',
      date_devis: '2026-03-10',
      valable_jusqu_au: '2026-03-01',
      remise_globale_pct: '120',
      lignes: [
        ligne(),
        ligne({ quantite: '1,2345' }),
        ligne({ prix_unitaire_ht: 'douze' }),
        ligne({ designation: '', taux_tva: 7 as any }),
        ligne({ type: 'texte', designation: '', quantite: '', prix_unitaire_ht: '' }),
      ],
    })
    const response = await visit(client.post('/esi/devis'), user).json(body)
    response.assertStatus(302)
    const errors = response.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.deepEqual(errors['objet'], ['Saisissez l’objet du devis.'])
    assert.deepEqual(errors['remise_globale_pct'], [
      'Le pourcentage doit être compris entre 0 et 100.',
    ])
    assert.deepEqual(errors['lignes.1.quantite'], [
      'Quantité invalide : au plus 3 décimales (ex. 2,5).',
    ])
    assert.match(errors['lignes.2.prix_unitaire_ht'][0], /montant|prix/i)
    assert.deepEqual(errors['lignes.3.taux_tva'], ['Taux de TVA invalide : 21, 12, 6 ou 0 %.'])
    assert.lengthOf(await Devis.all(), 0)

    // The per-type rules and the date order, once the fields themselves are valid
    const second = await visit(client.post('/esi/devis'), user).json(
      devisBody(c, {
        valable_jusqu_au: '2026-03-01',
        lignes: [
          ligne({ designation: '' }),
          ligne({ type: 'texte', designation: '', quantite: '', prix_unitaire_ht: '' }),
        ],
      })
    )
    const bag = second.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.deepEqual(bag['valable_jusqu_au'], [DEVIS_ERRORS.validiteAvantDate])
    assert.deepEqual(bag['lignes.0.designation'], ['Saisissez une désignation.'])
    assert.deepEqual(bag['lignes.1.designation'], ['Saisissez une désignation.'])
    assert.lengthOf(await Devis.all(), 0)

    // A product id that is not (or no longer) in the catalogue: on its line, not a 500
    const gone = await visit(client.post('/esi/devis'), user).json(
      devisBody(c, { lignes: [ligne(), ligne({ produit_id: 987654 })] })
    )
    assert.deepEqual((gone.flashMessage('inputErrorsBag') as any)['lignes.1.produit_id'], [
      'Ce produit n’existe plus dans le catalogue.',
    ])
    assert.lengthOf(await Devis.all(), 0)

    // A JSON caller gets 422 with the same fields
    const json = await api(client.post('/esi/devis'), user).json(
      devisBody(c, { client_id: 999999999 })
    )
    json.assertStatus(422)
    assert.include(
      json.body().errors.map((e: { field: string }) => e.field),
      'client_id'
    )
  })

  test('mass assignment: statut, numero, totals, revision are ignored', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const other = await makeUser('esi')
    const c = await makeClient()
    await visit(client.post('/esi/devis'), user).json(
      devisBody(c, {
        statut: 'accepte',
        numero: 'DEV-2026-99999',
        total_ttc: 1,
        total_ht: 1,
        revision: 9,
        lock_version: 42,
        created_by: other.id,
        apporteur_id: 1,
      })
    )
    const devis = await Devis.query().where('client_id', c.idClient).firstOrFail()
    assert.equal(devis.statut, 'brouillon')
    assert.isNull(devis.numero)
    assert.notEqual(devis.totalTtc, 1)
    assert.equal(devis.revision, 1)
    assert.equal(devis.lockVersion, 1)
    assert.equal(devis.createdBy, user.id)
    assert.isNull(devis.apporteurId)
  })

  test('NUL characters are dropped rather than failing the save', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const c = await makeClient()
    const response = await api(client.post('/esi/devis'), user).json(
      devisBody(c, {
        objet: 'Objet\u0000 propre',
        intro: 'A\u0000B',
        lignes: [ligne({ designation: 'Châssis\u0000' })],
      })
    )
    response.assertStatus(201)
    const devis = await Devis.findOrFail(response.body().id)
    assert.equal(devis.objet, 'Objet propre')
    assert.equal(devis.intro, 'AB')
    const lignes = await DevisLigne.query().where('devis_id', devis.id)
    assert.equal(lignes[0].designation, 'Châssis')
  })

  test('commercial must be staff; apporteur follows the client; intro defaults from Textes', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const pro = await makeUser('pro')
    const societe = await SocieteFactory.merge({ type: 'pro' }).create()
    const c = await makeClient({ apporteurId: societe.id })
    const bad = await visit(client.post('/esi/devis'), user).json(
      devisBody(c, { commercial_id: pro.id })
    )
    assert.deepEqual((bad.flashMessage('inputErrorsBag') as any).commercial_id, [
      'Le commercial doit être un membre du personnel.',
    ])
    const withoutTexts = without(devisBody(c), 'intro', 'conditions')
    await api(client.post('/esi/devis'), user)
      .json(withoutTexts)
      .then((r: any) => r.assertStatus(201))
    const devis = await Devis.query().where('client_id', c.idClient).firstOrFail()
    assert.equal(devis.apporteurId, societe.id)
    // No Texte in the test database: no intro rather than an error
    assert.isNull(devis.intro)
  })
})

test.group('Devis editor / pickers and inline client', (group) => {
  withTransaction(group)

  test('client search: accent- and case-free, 10 results, JSON', async ({ client, assert }) => {
    const user = await makeUser('esi')
    await makeClient({ nom: 'Éloy', prenom: 'Géraldine' })
    for (let i = 0; i < 12; i++) await makeClient({ nom: `Dupont${i}`, prenom: 'Jean' })
    const accents = await api(client.get('/esi/devis/clients?q=eloy GERAL'), user)
    accents.assertStatus(200)
    assert.lengthOf(accents.body().clients, 1)
    assert.equal(accents.body().clients[0].nom.includes('Éloy'), true)
    const many = await api(client.get('/esi/devis/clients?q=dupont'), user)
    assert.lengthOf(many.body().clients, 10)
    const none = await api(client.get('/esi/devis/clients?q=%25_'), user)
    assert.lengthOf(none.body().clients, 0)
  })

  test('product search: active products only, cents and VAT', async ({ client, assert }) => {
    const user = await makeUser('esi')
    await makeProduit({
      reference: 'CH-PVC-1',
      libelle: 'Châssis PVC',
      prixVenteHt: 45000,
      tauxTva: 6,
    })
    await makeProduit({ reference: 'CH-PVC-2', libelle: 'Châssis PVC retiré', actif: false })
    const response = await api(client.get('/esi/devis/produits?q=chassis'), user)
    response.assertStatus(200)
    const produits = response.body().produits
    assert.lengthOf(produits, 1)
    assert.deepInclude(produits[0], {
      reference: 'CH-PVC-1',
      libelle: 'Châssis PVC',
      prix_vente_ht: 45000,
      taux_tva: 6,
      unite: 'piece',
    })
  })

  test('inline client creation: JSON client, or 422 with French field errors', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const bad = await api(client.post('/esi/devis/clients'), user).json({
      type: 'professionnel',
      nom: '',
      email: 'pas-un-email',
    })
    bad.assertStatus(422)
    const errors = bad.body().errors
    assert.equal(errors.nom, 'Ce champ est requis.')
    assert.equal(errors.email, 'Veuillez saisir une adresse e-mail valide.')
    assert.equal(errors.societe, 'Le nom de la société est requis pour un client professionnel.')
    assert.lengthOf(await Client.all(), 0)

    const ok = await api(client.post('/esi/devis/clients'), user).json({
      type: 'particulier',
      civilite: 'Mme',
      nom: 'Lambert',
      prenom: 'Anne',
      email: 'Anne@Lambert.be',
    })
    ok.assertStatus(201)
    const created = await Client.findByOrFail('nom', 'Lambert')
    assert.deepInclude(ok.body().client, {
      id: created.idClient,
      nom: 'Mme Anne Lambert',
      email: 'anne@lambert.be',
    })
  })
})
