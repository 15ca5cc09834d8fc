/*
 * The global search /recherhce (issue 4 item 6): accent- and case-free, grouped by kind,
 * LIKE wildcards and SQL taken literally, staff only.
 */
import { test } from '@japa/runner'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { ContactFactory } from '#database/factories/contact_factory'
import { ProduitFactory } from '#database/factories/produit_factory'
import { SocieteFactory } from '#database/factories/societe_factory'
import { likeContains } from '#services/list/list_params'
import { issued } from '#tests/functional/factures/helpers'
import { makeBdc } from '#tests/functional/bdc/helpers'
import Devis from '#models/devis'
import Bdc from '#models/bdc'
import { commandeArchivee } from '#tests/functional/archive/helpers'

type Group = {
  type: string
  hits: { titre: string; url: string; detail?: string | null }[]
  more: boolean
}

const titles = (groups: Group[], type: string) =>
  groups.find((g) => g.type === type)?.hits.map((h) => h.titre) ?? []

test.group('Recherche', (group) => {
  withTransaction(group)

  test('one query finds clients, contacts, sociétés and produits, accents and case ignored', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const societe = await SocieteFactory.merge({ nom: 'Menuiserie Gérard', type: 'pro' }).create()
    await ClientFactory.merge({ nom: 'Gérardin', prenom: 'Hélène', type: 'particulier' }).create()
    await ClientFactory.merge({ nom: 'Lambert', prenom: 'Paul', type: 'particulier' }).create()
    await ContactFactory.merge({ nom: 'GERARD', prenom: 'Émile', societeId: societe.id }).create()
    await ProduitFactory.merge({ reference: 'GER-01', libelle: 'Châssis Gérard PVC' }).create()

    const response = await client.get('/recherhce?q=gerard').withInertia().loginAs(esi)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/Recherche')
    const groups = response.inertiaProps.groups as Group[]
    assert.deepEqual(
      groups.map((g) => g.type),
      [
        'clients',
        'contacts',
        'societes',
        'produits',
        'devis',
        'bdc',
        'commandes',
        'factures',
        'demandes',
        'offres',
      ]
    )
    assert.deepEqual(titles(groups, 'clients'), ['Hélène Gérardin'])
    assert.deepEqual(titles(groups, 'contacts'), ['Émile GERARD'])
    assert.include(titles(groups, 'societes'), 'Menuiserie Gérard')
    assert.deepEqual(titles(groups, 'produits'), ['Châssis Gérard PVC'])
    assert.match(groups[0].hits[0].url, /^\/esi\/customers\/\d+$/)
  })

  test('fewer than 2 characters search nothing', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    await ClientFactory.merge({ nom: 'Xavier' }).create()
    const response = await client.get('/recherhce?q=x').withInertia().loginAs(esi)
    response.assertStatus(200)
    assert.deepEqual(response.inertiaProps.groups, [])
  })

  test('wildcards and SQL in q are searched literally, never a 500', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    await ClientFactory.merge({ nom: 'Dubois' }).create()
    for (const q of ['%%', '__', "' OR 1=1 --", '\\', "dubois'; drop table clients; --"]) {
      const response = await client
        .get(`/recherhce?q=${encodeURIComponent(q)}`)
        .withInertia()
        .loginAs(esi)
      response.assertStatus(200)
      const groups = response.inertiaProps.groups as Group[]
      assert.deepEqual(titles(groups, 'clients'), [], `q=${q}`)
    }
    assert.equal(likeContains('50%_a\\'), '%50\\%\\_a\\\\%')
  })

  test('several words must all appear, in any field and any order', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    await ClientFactory.merge({
      nom: 'Vandenberghe',
      prenom: 'Luc',
      facturationLocalite: 'Namur',
    }).create()
    await ClientFactory.merge({
      nom: 'Vandenberghe',
      prenom: 'Anne',
      facturationLocalite: 'Liège',
    }).create()
    const response = await client
      .get(`/recherhce?q=${encodeURIComponent('vandenberghe namur')}`)
      .withInertia()
      .loginAs(esi)
    assert.deepEqual(titles(response.inertiaProps.groups as Group[], 'clients'), [
      'Luc Vandenberghe',
    ])
    const reversed = await client
      .get('/recherhce?q=namur%20VANDENBERGHE')
      .withInertia()
      .loginAs(esi)
    assert.deepEqual(titles(reversed.inertiaProps.groups as Group[], 'clients'), [
      'Luc Vandenberghe',
    ])
  })

  test('document numbers are found: devis and bon de commande', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    const bdc = await makeBdc({ objet: 'Portes de garage Recherche' })
    const devis = await Devis.findOrFail(bdc.devisId)
    const devisNumero = devis.numero!
    for (const [q, type, numero] of [
      [devisNumero, 'devis', devisNumero],
      [bdc.numero!, 'bdc', bdc.numero!],
      [bdc.numero!.toLowerCase(), 'bdc', bdc.numero!],
    ]) {
      const response = await client
        .get(`/recherhce?q=${encodeURIComponent(q)}`)
        .withInertia()
        .loginAs(esi)
      response.assertStatus(200)
      const hits = (response.inertiaProps.groups as Group[]).find((g) => g.type === type)!.hits
      assert.lengthOf(hits, 1, q)
      assert.include(hits[0].titre, numero)
    }
  })

  test('factures are found by number, and by words of the client and the objet together', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const facture = await issued()
    const numero = facture.numero!
    for (const q of [numero, numero.toLowerCase(), 'dubois sav']) {
      const response = await client
        .get(`/recherhce?q=${encodeURIComponent(q)}`)
        .withInertia()
        .loginAs(esi)
      response.assertStatus(200)
      const hits = (response.inertiaProps.groups as Group[]).find(
        (g) => g.type === 'factures'
      )!.hits
      assert.isTrue(
        hits.some((h) => h.titre.startsWith(numero) && h.url.endsWith(`/${facture.id}`)),
        q
      )
    }
  })

  test('bons de commande and commandes: by number, and by client name with other words', async ({
    client,
    assert,
  }) => {
    const esi = await makeUser('esi')
    const commande = await commandeArchivee({
      clientNom: 'Vandenbergh-Recherche',
      objet: 'Véranda bois exotique',
      statut: 'en_cours',
    })
    const bdc = await Bdc.findOrFail(commande.bdcId)
    const hitsOf = async (q: string, type: string) => {
      const response = await client
        .get(`/recherhce?q=${encodeURIComponent(q)}`)
        .withInertia()
        .loginAs(esi)
      response.assertStatus(200)
      return (response.inertiaProps.groups as Group[]).find((g) => g.type === type)!.hits
    }
    for (const [type, numero, url] of [
      ['bdc', bdc.numero, `/esi/bdc/${bdc.id}`],
      ['commandes', commande.numero, `/esi/commandes/${commande.id}`],
    ]) {
      for (const q of [numero, 'vandenbergh-recherche', 'VERANDA vandenbergh-recherche']) {
        const hits = await hitsOf(q, type)
        assert.lengthOf(hits, 1, `${type} ${q}`)
        assert.include(hits[0].titre, numero)
        assert.equal(hits[0].detail, 'Vandenbergh-Recherche')
        assert.equal(hits[0].url, url)
      }
      assert.lengthOf(await hitsOf('vandenbergh-recherche namur', type), 0)
    }
  })

  test('more than 8 hits of a kind: 8 shown and « more » flagged', async ({ client, assert }) => {
    const esi = await makeUser('esi')
    await ClientFactory.merge({ nom: 'Martin' }).createMany(9)
    const response = await client.get('/recherhce?q=martin').withInertia().loginAs(esi)
    const clients = (response.inertiaProps.groups as Group[])[0]
    assert.lengthOf(clients.hits, 8)
    assert.isTrue(clients.more)
  })

  test('pro and ordinary users cannot search (staff page)', async ({ client }) => {
    for (const role of ['pro', 'other'] as const) {
      const user = await makeUser(role)
      const response = await client.get('/recherhce?q=test').withInertia().loginAs(user)
      response.assertStatus(403)
    }
  })
})
