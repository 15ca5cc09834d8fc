/*
 * Chiffre d’affaires (issue 14 §3, decision 511) on a known dataset in a period of its own
 * (2031): the factures issued minus the notes de crédit, by month and by product family, checked
 * against hand arithmetic and an independent SQL sum; the signed bdc view; CSV and XLSX exports
 * with their cells; formula-like family names neutralised; a bad period never an error.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { ClientFactory } from '#database/factories/client_factory'
import { esiSociete } from '#tests/functional/bdc/helpers'
import { factureOn, libreDraftFor, onDay } from '#tests/functional/creances/helpers'
import { ncIssued } from '#tests/functional/notes_credit/helpers'
import { autre } from '#tests/functional/document_helpers'
import {
  analyseAs,
  cents,
  commandeSigneeLe,
  csvOf,
  ligneDe,
  makeProduit,
  xlsxOf,
} from '#tests/functional/analyse/helpers'
import { SANS_FAMILLE, SANS_PRODUIT, type ChiffreAffaires } from '#shared/analyse'

const PATH = '/esi/analyse/chiffre-affaires'
const PERIOD = '?du=2031-01-01&au=2031-03-31'
const EVIL = '=HYPERLINK("http://evil.example","x")'

async function dataset() {
  await esiSociete()
  const chassis = await makeProduit('Châssis', 500_00)
  const evil = await makeProduit(EVIL, 100_00)
  const sansFamille = await makeProduit(null, null)
  const client = await ClientFactory.create()
  // January: 1 000,00 of Châssis + a free line of 200,00
  const a = await factureOn(client, '2031-01-15', [
    ligneDe(chassis.id, 1000_00),
    ligneDe(null, 200_00),
  ])
  // February: 2 × 300,00 of the formula-named family + 100,00 without family
  await factureOn(client, '2031-02-10', [
    ligneDe(evil.id, 300_00, '2'),
    ligneDe(sansFamille.id, 100_00),
  ])
  // February: a note de crédit of 150,00 HT on the January facture
  await onDay('2031-02-20', () =>
    ncIssued(a, { kind: 'montant', montants: [{ taux_tva: 21, montant_ht: 150_00 }] })
  )
  await factureOn(client, '2031-04-01', 999_00) // after the period
  await libreDraftFor(client) // a draft is no turnover
  return { chassis }
}

test.group('Analyse / chiffre d’affaires', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('facturé: by month and by family, as hand arithmetic and plain SQL', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await dataset()
    const { response, props } = await analyseAs(client, user, PATH, PERIOD)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/analyse/ChiffreAffaires')
    assert.deepEqual(props.warnings, [])
    const ca: ChiffreAffaires = props.ca
    assert.equal(ca.source, 'factures')
    assert.deepEqual(ca.par_mois, [
      { mois: '2031-01', nombre: 1, brut_ht: 1200_00, deduit_ht: 0, net_ht: 1200_00 },
      { mois: '2031-02', nombre: 2, brut_ht: 700_00, deduit_ht: 150_00, net_ht: 550_00 },
      { mois: '2031-03', nombre: 0, brut_ht: 0, deduit_ht: 0, net_ht: 0 },
    ])
    assert.equal(ca.total_ht, 1750_00)
    assert.deepEqual(ca.par_famille, [
      { famille: 'Châssis', ht: 1000_00 },
      { famille: EVIL, ht: 600_00 },
      { famille: SANS_FAMILLE, ht: 100_00 },
      { famille: SANS_PRODUIT, ht: 50_00 },
    ])
    assert.equal(ca.arrondi_ht, 0)

    // Independently: the issued documents' HT in the period, in plain SQL
    const sql = await db.rawQuery(
      `SELECT (SELECT coalesce(sum(total_ht), 0) FROM factures
                WHERE numero IS NOT NULL AND date_facture BETWEEN '2031-01-01' AND '2031-03-31')
            - (SELECT coalesce(sum(total_ht), 0) FROM notes_credit
                WHERE numero IS NOT NULL AND date_nc BETWEEN '2031-01-01' AND '2031-03-31') AS ca`
    )
    assert.equal(Number(sql.rows[0].ca), ca.total_ht)
  })

  test('signé: the bons de commande signed in the period (Brussels days)', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const chassis = await makeProduit('Châssis', 500_00)
    // 31/01 23:30 UTC is 1st February in Brussels
    await commandeSigneeLe('2031-01-31T23:30:00Z', [
      ligneDe(chassis.id, 400_00),
      ligneDe(null, 50_00),
    ])
    // A section and its sous-total (which carries the section's HT) count once
    await commandeSigneeLe('2031-01-10T10:00:00Z', [
      autre('section', 'Châssis'),
      ligneDe(chassis.id, 100_00, '3'),
      autre('sous_total', 'Sous-total'),
    ])
    await commandeSigneeLe('2030-12-31T23:30:00Z', [ligneDe(chassis.id, 999_00)]) // 2031-01-01 in Brussels
    await commandeSigneeLe('2031-03-31T22:30:00Z', [ligneDe(chassis.id, 777_00)]) // 1st April
    const { props } = await analyseAs(client, user, PATH, `${PERIOD}&source=bdc`)
    const ca: ChiffreAffaires = props.ca
    assert.equal(ca.source, 'bdc')
    assert.deepEqual(
      ca.par_mois.map((m) => [m.mois, m.nombre, m.net_ht]),
      [
        ['2031-01', 2, 999_00 + 300_00],
        ['2031-02', 1, 450_00],
        ['2031-03', 0, 0],
      ]
    )
    assert.deepEqual(ca.par_famille, [
      { famille: 'Châssis', ht: 999_00 + 300_00 + 400_00 },
      { famille: SANS_PRODUIT, ht: 50_00 },
    ])
    const sql = await db.rawQuery(
      `SELECT sum(total_ht) AS ht FROM bdcs WHERE statut = 'signe'
         AND (signe_le AT TIME ZONE 'Europe/Brussels')::date BETWEEN '2031-01-01' AND '2031-03-31'`
    )
    assert.equal(Number(sql.rows[0].ht), ca.total_ht)
  })

  test('CSV and XLSX: the same figures, the formula-like family as text', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    await dataset()
    const { response, rows } = await csvOf(client, user, `${PATH}/export${PERIOD}`)
    response.assertStatus(200)
    assert.match(
      response.header('content-disposition') ?? '',
      /^attachment; filename="analyse-ca-factures-2031-01-01-2031-03-31\.csv"$/
    )
    assert.equal(rows[0][0], 'Regroupement')
    assert.deepEqual(rows[2], ['Mois', '2031-02', '2', '700,00', '150,00', '550,00'])
    const familles = rows.filter((r) => r[0] === 'Famille')
    assert.deepEqual(
      familles.map((r) => [r[1], cents(r[5])]),
      [
        ['Châssis', 1000_00],
        [EVIL, 600_00],
        [SANS_FAMILLE, 100_00],
        [SANS_PRODUIT, 50_00],
      ]
    )
    // In the file itself, the formula-like cell starts with an apostrophe
    assert.include(response.text(), `"'=HYPERLINK(""http://evil.example"",""x"")"`)
    assert.deepEqual(rows.at(-1)!.slice(0, 1), ['Total'])
    assert.equal(cents(rows.at(-1)![5]), 1750_00)

    const xlsx = await xlsxOf(client, user, `${PATH}/export${PERIOD}&format=xlsx`)
    xlsx.response.assertStatus(200)
    const feb = xlsx.rows.find((r) => r[1] === '2031-02')!
    assert.deepEqual(feb, ['Mois', '2031-02', 2, 700, 150, 550])
    const evil = xlsx.rows.find((r) => r[0] === 'Famille' && r[1] === EVIL)
    assert.strictEqual(evil?.[5], 600)
  })

  test('a bad period or source: the default with a French warning, never an error', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { response, props } = await analyseAs(
      client,
      user,
      PATH,
      '?du=2031-02-30&au=nimporte&source=<script>'
    )
    response.assertStatus(200)
    assert.lengthOf(props.warnings, 3)
    assert.match(props.warnings[0], /Date « du » « 2031-02-30 » invalide/)
    assert.match(props.warnings[2], /Source du chiffre d’affaires inconnue/)
    assert.equal(props.ca.source, 'factures')
    const inverted = await analyseAs(client, user, PATH, '?du=2031-03-31&au=2031-01-01')
    assert.equal(inverted.props.ca.du, '2031-01-01')
    assert.match(inverted.props.warnings[0], /inversées/)
    const file = await client.get(`${PATH}/export?du=x&au=y`).loginAs(user).redirects(0)
    file.assertStatus(200)
  })
})
