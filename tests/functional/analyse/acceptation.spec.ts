/*
 * Acceptance of the devis (issue 14 §3, decision 513): the devis sent in a period of 2031, by
 * commercial and by apporteur, rates and delays (mean, median) against hand arithmetic and a
 * plain SQL count, a sending at 23:30 UTC on 31 March being April in Brussels; the export.
 */
import { test } from '@japa/runner'
import db from '@adonisjs/lucid/services/db'
import limiter from '@adonisjs/limiter/services/main'
import { makeUser, withTransaction } from '#tests/helpers'
import { SocieteFactory } from '#database/factories/societe_factory'
import { makeDevis } from '#tests/functional/devis/devis_list_helpers'
import { analyseAs, cents, csvOf, xlsxOf } from '#tests/functional/analyse/helpers'
import type { Acceptation } from '#shared/analyse'

const PATH = '/esi/analyse/acceptation'
const PERIOD = '?du=2031-01-01&au=2031-03-31'

async function dataset() {
  const alice = await makeUser('esi', { name: 'Alice Commerciale' })
  const bob = await makeUser('esi', { name: 'Bob Vendeur' })
  const p = await SocieteFactory.merge({ nom: 'Apporteur Pierre' }).create()
  const q = await SocieteFactory.merge({ nom: 'Apporteur Quentin' }).create()
  const seed = async (apporteur: number | null, ...args: Parameters<typeof makeDevis>) => {
    const devis = await makeDevis(...args)
    await db.from('devis').where('id', devis.id).update({ apporteur_id: apporteur })
  }
  // alice: 10 days, refused, 4 days
  await seed(p.id, {
    commercial: alice,
    statut: 'accepte',
    ht: 1000_00,
    envoyeLe: '2031-01-05T10:00:00Z',
    accepteLe: '2031-01-15T10:00:00Z',
  })
  await seed(p.id, { commercial: alice, statut: 'refuse', envoyeLe: '2031-01-20T10:00:00Z' })
  await seed(null, {
    commercial: alice,
    statut: 'accepte',
    ht: 500_00,
    envoyeLe: '2031-02-01T10:00:00Z',
    accepteLe: '2031-02-05T10:00:00Z',
  })
  // bob: still waiting; and one sent on 1st April in Brussels (out)
  await seed(q.id, { commercial: bob, statut: 'envoye', envoyeLe: '2031-02-10T10:00:00Z' })
  await seed(q.id, { commercial: bob, statut: 'envoye', envoyeLe: '2031-03-31T22:30:00Z' })
  // nobody: 2 days
  await seed(p.id, {
    statut: 'accepte',
    ht: 200_00,
    envoyeLe: '2031-03-01T10:00:00Z',
    accepteLe: '2031-03-03T10:00:00Z',
  })
  // sent before the period, accepted in it (out)
  await seed(p.id, {
    commercial: alice,
    statut: 'accepte',
    envoyeLe: '2030-12-20T10:00:00Z',
    accepteLe: '2031-01-02T10:00:00Z',
  })
  return { alice, bob, p, q }
}

test.group('Analyse / acceptation', (group) => {
  withTransaction(group)
  group.each.setup(() => limiter.clear())

  test('by commercial and by apporteur, as hand arithmetic and plain SQL', async ({
    client,
    assert,
  }) => {
    const user = await makeUser('esi')
    const { alice, bob, p, q } = await dataset()
    const { response, props } = await analyseAs(client, user, PATH, PERIOD)
    response.assertStatus(200)
    response.assertInertiaComponent('esi/analyse/Acceptation')
    const a: Acceptation = props.acceptation
    const row = (l: any) => [
      l.id,
      l.nom,
      l.envoyes,
      l.acceptes,
      l.refuses,
      l.taux_acceptation,
      l.delai_moyen_jours,
      l.delai_median_jours,
      l.montant_accepte_ht,
    ]
    assert.deepEqual(a.par_commercial.map(row), [
      [alice.id, 'Alice Commerciale', 3, 2, 1, 2 / 3, 7, 7, 1500_00],
      [bob.id, 'Bob Vendeur', 1, 0, 0, 0, null, null, 0],
      [null, 'Sans commercial', 1, 1, 0, 1, 2, 2, 200_00],
    ])
    assert.deepEqual(a.par_apporteur.map(row), [
      [p.id, 'Apporteur Pierre', 3, 2, 1, 2 / 3, 6, 6, 1200_00],
      [q.id, 'Apporteur Quentin', 1, 0, 0, 0, null, null, 0],
      [null, 'Sans apporteur', 1, 1, 0, 1, 4, 4, 500_00],
    ])
    assert.deepEqual(row(a.total).slice(2), [5, 3, 1, 0.6, 16 / 3, 4, 1700_00])

    // Independently: the devis sent in the period (Brussels days), in plain SQL
    const sql = await db.rawQuery(
      `SELECT count(*) AS n, count(*) FILTER (WHERE statut = 'accepte') AS acc FROM devis
       WHERE (envoye_le AT TIME ZONE 'Europe/Brussels')::date BETWEEN '2031-01-01' AND '2031-03-31'`
    )
    assert.equal(Number(sql.rows[0].n), a.total.envoyes)
    assert.equal(Number(sql.rows[0].acc), a.total.acceptes)
  })

  test('CSV and XLSX of the same figures', async ({ client, assert }) => {
    const user = await makeUser('esi')
    await dataset()
    const { response, rows } = await csvOf(client, user, `${PATH}/export${PERIOD}`)
    response.assertStatus(200)
    assert.deepEqual(rows[1], [
      'Commercial',
      'Alice Commerciale',
      '3',
      '2',
      '1',
      '66,7 %',
      '7',
      '7',
      '1500,00',
    ])
    const total = rows.at(-1)!
    assert.equal(total[0], 'Total')
    assert.equal(total[6], '5,33')
    assert.equal(cents(total[8]), 1700_00)
    const xlsx = await xlsxOf(client, user, `${PATH}/export${PERIOD}&format=xlsx`)
    const pierre = xlsx.rows.find((r) => r[1] === 'Apporteur Pierre')!
    assert.deepEqual(pierre, ['Apporteur', 'Apporteur Pierre', 3, 2, 1, '66,7 %', 6, 6, 1200])
  })
})
