/*
 * The catalogue (esi/produits/Index): list with filters, search and sort; create and edit with
 * French amounts stored as cents and French messages next to the fields.
 */
import { test } from '@japa/runner'
import Produit from '#models/produit'
import { makeUser, withTransaction } from '#tests/helpers'
import { ProduitFactory } from '#database/factories/produit_factory'
import { SocieteFactory } from '#database/factories/societe_factory'
import { MONEY_MESSAGES } from '#shared/money'
import { PRODUIT_MESSAGES } from '#validators/produit'

const GOOD = {
  reference: ' ch-pvc-100 ',
  libelle: 'Châssis PVC 100 × 140',
  description: '',
  unite: 'piece',
  prix_achat: '289',
  prix_vente_ht: '1 234,56',
  taux_tva: '6',
  categorie: 'Châssis PVC',
  fournisseur_id: '',
  actif: 'true',
}

async function list(client: any, user: any, query = '') {
  const response = await client.get(`/esi/produits${query}`).loginAs(user).withInertia()
  return response.body().props
}

function save(client: any, user: any, data: Record<string, unknown>, id?: number) {
  const request = id ? client.put(`/esi/produits/${id}`) : client.post('/esi/produits')
  return request.loginAs(user).form(data).withCsrfToken().withInertia().redirects(0)
}

test.group('Produits / list', (group) => {
  withTransaction(group)

  test('filters actif, categorie, fournisseur; search; sort by price', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const fournisseur = await SocieteFactory.merge({
      type: 'fournisseur',
      nom: 'Profilés Meuse SA',
    }).create()
    const a = await ProduitFactory.merge({
      reference: 'A-1',
      libelle: 'Fenêtre oscillo-battante',
      prixVenteHt: 50000,
      fournisseurId: fournisseur.id,
    }).create()
    const b = await ProduitFactory.merge({
      reference: 'B-1',
      libelle: 'Volet roulant',
      categorie: 'Volets',
      prixVenteHt: 30000,
    }).create()
    const c = await ProduitFactory.merge({
      reference: 'C-1',
      libelle: 'Ancien modèle',
      actif: false,
      prixVenteHt: 40000,
    }).create()
    const ids = (props: any) => props.produits.data.map((p: any) => p.id)

    const all = await list(client, user)
    assert.deepEqual(ids(all), [a.id, b.id, c.id])
    assert.deepEqual(all.categories, ['Châssis', 'Volets'])
    assert.deepEqual(all.fournisseurs, [{ id: fournisseur.id, nom: 'Profilés Meuse SA' }])
    assert.deepEqual(all.produits.data[0].fournisseur, {
      id: fournisseur.id,
      nom: 'Profilés Meuse SA',
    })

    assert.deepEqual(ids(await list(client, user, '?filter[actif]=non')), [c.id])
    assert.deepEqual(ids(await list(client, user, '?filter[actif]=oui&filter[categorie]=Volets')), [
      b.id,
    ])
    assert.deepEqual(ids(await list(client, user, `?filter[fournisseur]=${fournisseur.id}`)), [
      a.id,
    ])
    assert.deepEqual(ids(await list(client, user, '?q=fenetre')), [a.id])
    assert.deepEqual(ids(await list(client, user, '?sort=-prix_vente_ht')), [a.id, c.id, b.id])
    const bad = await list(
      client,
      user,
      "?sort=prix;drop&filter[actif]=peut-être&filter[fournisseur]=x'"
    )
    assert.lengthOf(bad.warnings, 3)
    assert.lengthOf(bad.produits.data, 3)
  })
})

test.group('Produits / create and edit', (group) => {
  withTransaction(group)

  test('French amounts are stored as cents; the reference is upper-cased', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const response = await save(client, user, GOOD)
    response.assertStatus(302)
    const produit = await Produit.findByOrFail('reference', 'CH-PVC-100')
    assert.equal(produit.prixVenteHt, 123456)
    assert.equal(produit.prixAchat, 28900)
    assert.equal(produit.tauxTva, 6)
    assert.isTrue(produit.actif)
    assert.isNull(produit.description)
  })

  test('bad amounts, rate, unit and a taken reference: French messages by field', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await ProduitFactory.merge({ reference: 'CH-PVC-100' }).create()
    const other = await SocieteFactory.merge({ type: 'pro' }).create()
    const response = await save(client, user, {
      ...GOOD,
      prix_achat: '12,345',
      prix_vente_ht: 'douze euros',
      taux_tva: '20',
      unite: 'kg',
      fournisseur_id: String(other.id),
      libelle: '',
    })
    response.assertStatus(302)
    const errors = response.flashMessage('inputErrorsBag') as Record<string, string[]>
    assert.deepEqual(errors.reference, [PRODUIT_MESSAGES['reference.database.unique']])
    assert.deepEqual(errors.prix_achat, [MONEY_MESSAGES.decimals])
    assert.deepEqual(errors.prix_vente_ht, [MONEY_MESSAGES.format])
    assert.deepEqual(errors.taux_tva, [PRODUIT_MESSAGES['taux_tva.in']])
    assert.deepEqual(errors.unite, [PRODUIT_MESSAGES['unite.enum']])
    assert.deepEqual(errors.fournisseur_id, [PRODUIT_MESSAGES['fournisseur_id.database.exists']])
    assert.deepEqual(errors.libelle, ['Ce champ est requis.'])
    assert.lengthOf(await Produit.all(), 1)
  })

  test('editing keeps its own reference; a negative price is refused', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const produit = await ProduitFactory.merge({ reference: 'CH-PVC-100' }).create()
    const ok = await save(
      client,
      user,
      { ...GOOD, libelle: 'Nouveau libellé', actif: 'false', lock_version: 1 },
      produit.id
    )
    ok.assertStatus(303)
    await produit.refresh()
    assert.equal(produit.libelle, 'Nouveau libellé')
    assert.isFalse(produit.actif)

    const negative = await save(client, user, { ...GOOD, prix_vente_ht: '-10' }, produit.id)
    assert.deepEqual((negative.flashMessage('inputErrorsBag') as any).prix_vente_ht, [
      MONEY_MESSAGES.negative,
    ])

    const missing = await client
      .put('/esi/produits/2147483648')
      .loginAs(user)
      .form(GOOD)
      .withCsrfToken()
      .withInertia()
    missing.assertStatus(404)
  })
})
