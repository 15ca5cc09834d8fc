/*
 * Facture intermédiaire « lignes choisies » (issue 11): chosen bdc lines and quantities at the
 * bdc's prices; a line is never invoiced beyond its quantity (drafts reserve, cancelled factures
 * free); the solde then deducts them per VAT rate; French refusals; esi only.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import Bdc from '#models/bdc'
import BdcLigne from '#models/bdc_ligne'
import Facture from '#models/facture'
import { makeUser, withTransaction } from '#tests/helpers'
import { signedBdc } from '#tests/functional/routes/params/bdc'
import { issued, receptionSignee } from '#tests/functional/factures/helpers'
import { computeTotals } from '#shared/totals'
import type { ApiClient } from '@japa/api-client'
import type User from '#models/user'
import type { CommandeFacturation } from '#shared/factures'

async function post(client: ApiClient, user: User, commandeId: number, body: object) {
  const url = `/esi/commandes/${commandeId}/facture-intermediaire`
  return client
    .post(url)
    .loginAs(user)
    .header('referer', `/esi/commandes/${commandeId}`)
    .json(body)
    .withCsrfToken()
    .withInertia()
    .redirects(0)
}

async function setup() {
  const { bdc, commande } = await signedBdc()
  await receptionSignee(commande.id)
  const lignes = await BdcLigne.query()
    .where('bdc_id', bdc.id)
    .where('type', 'produit')
    .orderBy('position')
  const [fenetre, porte] = lignes // 2 × 450,00 € at 6 % −10 %, 1 × 1 800,00 € at 21 %
  return { bdc, commande, fenetre, porte }
}

async function choose(
  client: ApiClient,
  user: User,
  commandeId: number,
  bdcId: number,
  lignes: { bdc_ligne_id: number; quantite: string }[]
) {
  const fresh = await Bdc.findOrFail(bdcId)
  return post(client, user, commandeId, { lock_version: fresh.lockVersion, lignes })
}

test.group('Factures / intermédiaire « lignes choisies »', (group) => {
  withTransaction(group)

  test('the chosen quantities at the bdc’s prices, never beyond a line’s quantity; the solde deducts them per rate', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande, fenetre, porte } = await setup()
    const first = await choose(client, user, commande.id, bdc.id, [
      { bdc_ligne_id: Number(fenetre.id), quantite: '1' },
    ])
    first.assertStatus(302)
    const a = await Facture.query()
      .where({ bdc_id: bdc.id, type: 'intermediaire' })
      .preload('lignes', (q) => q.orderBy('position'))
      .firstOrFail()
    first.assertHeader('location', `/esi/compta/facture/${a.id}`)
    // 450,00 − 10 % = 405,00 HT at 6 % = 24,30 VAT
    assert.equal(a.totalHt, 405_00)
    assert.equal(a.totalTtc, 429_30)
    const recomputed = computeTotals({ lignes: a.lignes.map((l) => l.toData()) })
    assert.equal(recomputed.total_ttc, a.totalTtc)
    assert.include(a.lignes[0].designation, 'lignes choisies')
    assert.equal(a.lignes[1].designation, fenetre.designation)
    const rows = await db
      .from('facture_lignes')
      .where('facture_id', a.id)
      .whereNotNull('bdc_ligne_id')
      .select('bdc_ligne_id', 'quantite')
    assert.deepEqual(
      rows.map((r: any) => [Number(r.bdc_ligne_id), Number(r.quantite)]),
      [[Number(fenetre.id), 1]]
    )

    // The draft reserves its quantity: 1,5 more is refused, 1 is the rest
    const tooMuch = await choose(client, user, commande.id, bdc.id, [
      { bdc_ligne_id: Number(fenetre.id), quantite: '1,5' },
    ])
    assert.equal(
      tooMuch.flashMessage('error'),
      `La ligne « ${fenetre.designation} » n’a plus que 1 à facturer : 1,5 demandés.`
    )
    await issued(a)
    const second = await choose(client, user, commande.id, bdc.id, [
      { bdc_ligne_id: Number(fenetre.id), quantite: '1' },
    ])
    second.assertStatus(302)
    const b = await Facture.query()
      .where({ bdc_id: bdc.id, type: 'intermediaire' })
      .whereNot('id', a.id)
      .firstOrFail()
    await issued(b)
    const none = await choose(client, user, commande.id, bdc.id, [
      { bdc_ligne_id: Number(fenetre.id), quantite: '0,001' },
    ])
    assert.include(none.flashMessage('error'), 'n’a plus que 0 à facturer')

    // The page shows what is left per line
    const page = await client.get(`/esi/commandes/${commande.id}`).loginAs(user).withInertia()
    const facturation = page.inertiaProps.facturation as CommandeFacturation
    assert.deepEqual(
      facturation.lignes_facturables.map((l) => [l.id, l.restante]),
      [
        [Number(fenetre.id), '0.000'],
        [Number(porte.id), '1.000'],
      ]
    )

    // The solde: the bdc's lines less both intermédiaires, at 6 % only; the door stays whole
    const fresh = await Bdc.findOrFail(bdc.id)
    const solde = await client
      .post(`/esi/commandes/${commande.id}/facture-solde`)
      .loginAs(user)
      .header('referer', `/esi/commandes/${commande.id}`)
      .form({ lock_version: fresh.lockVersion })
      .withCsrfToken()
      .withInertia()
      .redirects(0)
    solde.assertStatus(302)
    const made = await Facture.query().where({ bdc_id: bdc.id, type: 'solde' }).firstOrFail()
    const aIssued = await Facture.findOrFail(a.id)
    const bIssued = await Facture.findOrFail(b.id)
    assert.equal(made.totalTtc, bdc.totalTtc - aIssued.totalTtc - bIssued.totalTtc)
    const perRate = new Map(made.tvaDetail.map((g) => [Number(g.taux_tva), g]))
    assert.equal(Number(perRate.get(21)?.base_ht), 1800_00)
    assert.equal(Number(perRate.get(6)?.base_ht ?? 0), 0)
    assert.equal(Number(perRate.get(6)?.tva ?? 0), 0)
  })

  test('refusals in French: nothing chosen, a line twice, another bdc’s line; esi only', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { bdc, commande, fenetre } = await setup()
    const other = await setup()
    const cases: [object[], string][] = [
      [[{ bdc_ligne_id: Number(fenetre.id), quantite: '0' }], 'au moins une ligne'],
      [
        [
          { bdc_ligne_id: Number(fenetre.id), quantite: '1' },
          { bdc_ligne_id: Number(fenetre.id), quantite: '1' },
        ],
        'deux fois',
      ],
      [[{ bdc_ligne_id: Number(other.porte.id), quantite: '1' }], 'pas une ligne de ce bon'],
    ]
    for (const [lignes, message] of cases) {
      const response = await choose(client, user, commande.id, bdc.id, lignes as any)
      assert.include(String(response.flashMessage('error')), message)
    }
    const badQty = await choose(client, user, commande.id, bdc.id, [
      { bdc_ligne_id: Number(fenetre.id), quantite: '1,2345' },
    ])
    assert.include(
      JSON.stringify(badQty.flashMessage('inputErrorsBag') ?? badQty.flashMessage('errors')),
      'au plus 3 décimales'
    )
    assert.lengthOf(await Facture.query().where('bdc_id', bdc.id), 0)
    for (const role of ['pro', 'other'] as const) {
      const intruder = await makeUser(role)
      const fresh = await Bdc.findOrFail(bdc.id)
      const refused = await client
        .post(`/esi/commandes/${commande.id}/facture-intermediaire`)
        .loginAs(intruder)
        .json({ lock_version: fresh.lockVersion, lignes: [{ bdc_ligne_id: 1, quantite: '1' }] })
        .withCsrfToken()
        .redirects(0)
      refused.assertStatus(403)
    }
  })
})
