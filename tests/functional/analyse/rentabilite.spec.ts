/*
 * Rentabilité (issue 14 §3, decision 512) on known commandes of 2031, checked against hand
 * arithmetic: a known margin, a negative one, an unknown cost (no product, no purchase price)
 * shown apart and never as 100 %, a purchase price of 0, the bdc's global discount, the
 * commercial filter, the exports.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import {
  analyseAs,
  cents,
  commandeSigneeLe,
  csvOf,
  ligneDe,
  makeProduit,
  xlsxOf,
} from '#tests/functional/analyse/helpers'
import { SANS_PRODUIT, type Rentabilite } from '#shared/analyse'

const PATH = '/esi/analyse/rentabilite'
const PERIOD = '?du=2031-01-01&au=2031-03-31'

async function dataset() {
  const alice = await makeUser('esi', { name: 'Alice Commerciale' })
  const chassis = await makeProduit('Châssis', 500_00)
  const volet = await makeProduit('Volets', null)
  const service = await makeProduit('Service', 0)
  // A: 2 × 800,00 sold, 2 × 500,00 bought: margin 600,00 (37,5 %)
  const a = await commandeSigneeLe('2031-01-10T10:00:00Z', [ligneDe(chassis.id, 800_00, '2')], {
    user: alice,
  })
  // B: 400,00 sold for 500,00 bought (−100,00), plus 300,00 + 100,00 of unknown cost
  const b = await commandeSigneeLe('2031-02-10T10:00:00Z', [
    ligneDe(chassis.id, 400_00),
    ligneDe(volet.id, 300_00),
    ligneDe(null, 100_00),
  ])
  // C: only an unknown cost
  const c = await commandeSigneeLe('2031-03-01T10:00:00Z', [ligneDe(volet.id, 1000_00)])
  // D: a purchase price of 0, 10 % global discount on the bdc: 180,00 sold, 180,00 margin
  const d = await commandeSigneeLe('2031-03-02T10:00:00Z', [ligneDe(service.id, 200_00)])
  await db.from('bdcs').where('id', d.bdc.id).update({ remise_globale_pct: 10 })
  // After the period
  await commandeSigneeLe('2031-04-02T10:00:00Z', [ligneDe(chassis.id, 9999_00)])
  return { alice, chassis, volet, service, a, b, c, d }
}

test.group('Analyse / rentabilité', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('per commande and per product, unknown costs apart', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const data = await dataset()
    const { response, props } = await analyseAs(client, user, PATH, PERIOD)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/analyse/Rentabilite')
    const r: Rentabilite = props.rentabilite
    assert.equal(r.commandes_total, 4)
    // Least profitable first, the unknown one last
    assert.deepEqual(
      r.commandes.map((c) => c.numero),
      [data.b, data.a, data.d, data.c].map((x) => x.commande.numero)
    )
    const [b, a, d, c] = r.commandes
    assert.deepInclude(a, {
      vente_ht: 1600_00,
      vente_connue_ht: 1600_00,
      cout_ht: 1000_00,
      marge_ht: 600_00,
      taux_marge: 0.375,
      inconnu_ht: 0,
      signe_le: '2031-01-10',
    })
    assert.deepInclude(b, {
      vente_ht: 800_00,
      vente_connue_ht: 400_00,
      cout_ht: 500_00,
      marge_ht: -100_00,
      taux_marge: -0.25,
      inconnu_ht: 400_00,
    })
    // Unknown cost: no margin, no rate (never 100 %)
    assert.deepInclude(c, {
      vente_ht: 1000_00,
      marge_ht: null,
      taux_marge: null,
      inconnu_ht: 1000_00,
    })
    assert.deepInclude(d, { vente_ht: 180_00, cout_ht: 0, marge_ht: 180_00, taux_marge: 1 })
    assert.deepEqual(r.total, {
      vente_ht: 3580_00,
      vente_connue_ht: 2180_00,
      cout_ht: 1500_00,
      marge_ht: 680_00,
      taux_marge: 680_00 / 2180_00,
      inconnu_ht: 1400_00,
    })
    assert.deepEqual(
      r.produits.map((p) => [p.produit_id, p.quantite, p.vente_ht, p.marge_ht]),
      [
        [data.chassis.id, 3, 2000_00, 500_00],
        [data.volet.id, 2, 1300_00, null],
        [data.service.id, 1, 180_00, 180_00],
        [null, 1, 100_00, null],
      ]
    )
    assert.equal(r.produits[3].libelle, SANS_PRODUIT)
    assert.equal(r.produits[0].famille, 'Châssis')
  })

  test('the commercial filter, in the URL', async ({ client, assert }) => {
    const user = await makeUser('esi')
    const data = await dataset()
    const { props } = await analyseAs(client, user, PATH, `${PERIOD}&commercial=${data.alice.id}`)
    assert.deepEqual(
      props.rentabilite.commandes.map((c: any) => c.numero),
      [data.a.commande.numero]
    )
    assert.equal(props.commercial, String(data.alice.id))
    const bad = await analyseAs(client, user, PATH, `${PERIOD}&commercial=abc`)
    bad.response.assertStatus(200)
    assert.match(bad.props.warnings[0], /Commercial « abc » ignoré/)
    assert.equal(bad.props.rentabilite.commandes_total, 4)
  })

  test('CSV and XLSX: every commande and product, « coût inconnu » said', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const data = await dataset()
    const { response, rows } = await csvOf(client, user, `${PATH}/export${PERIOD}`)
    response.assertStatus(200)
    const header = rows[0]
    const col = (name: string) => header.indexOf(name)
    const commandeC = rows.find((r) => r[1] === data.c.commande.numero)!
    assert.equal(commandeC[col('Marge HT')], 'coût inconnu')
    assert.equal(commandeC[col('Taux de marge')], 'coût inconnu')
    assert.equal(cents(commandeC[col('Vente à coût inconnu HT')]), 1000_00)
    const commandeB = rows.find((r) => r[1] === data.b.commande.numero)!
    // A negative amount stays a number (not a guarded formula)
    assert.equal(commandeB[col('Marge HT')], '-100,00')
    assert.equal(commandeB[col('Taux de marge')], '-25 %')
    assert.equal(rows.filter((r) => r[0] === 'Commande').length, 4)
    assert.equal(rows.filter((r) => r[0] === 'Produit').length, 4)
    assert.equal(cents(rows.at(-1)![col('Marge HT')]), 680_00)

    const xlsx = await xlsxOf(client, user, `${PATH}/export${PERIOD}&format=xlsx`)
    const a = xlsx.rows.find((r) => r[1] === data.a.commande.numero)!
    assert.strictEqual(a[xlsx.rows[0].indexOf('Marge HT')], 600)
    assert.strictEqual(a[xlsx.rows[0].indexOf('Coût d’achat HT')], 1000)
  })
})
